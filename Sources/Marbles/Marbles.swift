// Marbles: filled in by its issue.
