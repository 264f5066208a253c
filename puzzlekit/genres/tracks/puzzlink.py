"""Tracks has no pzprjs form; a pzprjs genre that looks near it is refused by name (Country Road,
once refused here too, is a genre of ours now)."""

NO_FORM = "pzprjs has no genre for Tatham's Tracks (trainstations and country are other genres)"
OTHERS = {
    "trainstations": "Train Stations is not Tracks (its stations are numbered and the loop may cross)",
}
