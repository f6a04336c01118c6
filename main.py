"""Entry point of the Android build (buildozer runs main.py): start the table companion."""
from companion.app import main

if __name__ == "__main__":
    main()
