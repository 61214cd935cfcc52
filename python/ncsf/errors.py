"""Exceptions raised for datasets that cannot be read as they are."""


class NcsfError(Exception):
    """A subfiled dataset cannot be read (the base of every ncsf error)."""


class MetadataError(NcsfError):
    """The subfiling attributes are missing, malformed or contradict each other."""


class MissingSubfileError(NcsfError, FileNotFoundError):
    """A subfile the layout names is not there."""


class TruncatedSubfileError(NcsfError):
    """A subfile is shorter than its header and data, or has fewer records."""


class ForeignSubfileError(NcsfError):
    """A subfile belongs to another dataset (its dataset id differs)."""


class IncompleteDatasetError(NcsfError):
    """The writer did not close the dataset, or writing it failed."""


class IncompleteDatasetWarning(UserWarning):
    """An unfinished dataset was opened anyway (incomplete="accept")."""
