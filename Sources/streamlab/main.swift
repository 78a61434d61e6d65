print("streamlab")
