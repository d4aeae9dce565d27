"""What several features show together, read-only: the table screen's scoreboard (``table``) and the story of the
game (``story``, ``story_chart``). They read the features' state and change nothing; no feature imports them."""
