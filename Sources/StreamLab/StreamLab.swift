// StreamLab: filled in by its issue.
