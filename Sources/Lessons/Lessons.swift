// Lessons: filled in by its issue.
