"""The plain data the ingest stages pass on (defined on the lowest floor, sources.book, because
carddb stores it and the checker reads it too) and the ingest stage's own error."""

from __future__ import annotations

from sources.book import (  # noqa: F401 - the ingest stages' names for them
    PAGE_JOINER,
    FactData,
    Identification,
    IngestedBook,
    MentionData,
    PageText,
    SectionData,
    WordRead,
)


class IngestError(Exception):
    """A file that cannot be ingested; the message names the reason (the caller adds the file name)."""


class PageSkipped(IngestError):
    """Every page of a file was stopped at the page timeout (a single image's only page): the file
    has nothing to give; a book of page images keeps it as one skipped page (`why`)."""

    def __init__(self, message: str, why: str) -> None:
        super().__init__(message)
        self.why = why
