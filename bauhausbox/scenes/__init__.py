"""The shared screens: main menu, game setup, settings, pause, game over, how to play, load, dialogs."""
