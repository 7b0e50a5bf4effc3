"""The data files of the Scrabble editions (dlxc.models.editions): one
JSON file each, a rules file with a name, a title and its sources."""
