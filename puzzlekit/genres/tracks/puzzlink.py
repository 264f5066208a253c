"""Tracks has no pzprjs form; two pzprjs genres look near it and are refused by name."""

NO_FORM = "pzprjs has no genre for Tatham's Tracks (trainstations and country are other genres)"
OTHERS = {
    "trainstations": "Train Stations is not Tracks (its stations are numbered and the loop may cross)",
    "country": "Country Road is another genre (a loop through rooms), not Tracks",
}
