print("attendance")
