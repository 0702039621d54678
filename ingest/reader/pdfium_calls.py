"""PDFium's functions that reading a text-layer page calls once per page object or per character, as
plain ctypes prototypes: a handle is an address (an int) and an out-parameter the address of a cell
the caller makes once and reuses.

Why: pypdfium2's bindings type each handle as a pointer to its struct, so every call builds a pointer
object for its result and converts each argument (a `byref` for every out-parameter). A printed page
holds thousands of page objects and characters: those conversions were about a third of the time
spent walking them (~30 ms of CPU of a cold 8-page PDF ingest). The same functions of the same loaded
library are called with the same values; only the Python side of each call is thinner.
"""

from __future__ import annotations

import ctypes
from typing import Any

import pypdfium2.raw as pdfium_c

ADDRESS = ctypes.c_void_p
_INT, _UINT, _ULONG, _DOUBLE = ctypes.c_int, ctypes.c_uint, ctypes.c_ulong, ctypes.c_double


def _plain(binding: Any, restype: Any, *argtypes: Any) -> Any:
    """`binding` (a pypdfium2 function) called through a prototype whose handles are addresses."""
    return ctypes.CFUNCTYPE(restype, *argtypes)(ctypes.cast(binding, ADDRESS).value)


def address(handle: Any) -> int:
    """The address of a pypdfium2 handle (a page's `.raw`, a text page's `.raw`); 0 for NULL."""
    return ctypes.cast(handle, ADDRESS).value or 0


def cell(kind: Any) -> tuple[Any, int]:
    """A ctypes value to pass as an out-parameter, and its address (the argument itself). The caller
    keeps the value (a name bound to it) for as long as it passes the address: the address is not a
    reference, and a collected value's memory is reused."""
    value = kind()
    return value, ctypes.addressof(value)


# page objects (ingest.reader.vector_regions, ingest.reader.pdfium_text)
page_object = _plain(pdfium_c.FPDFPage_GetObject, ADDRESS, ADDRESS, _INT)
page_object_count = _plain(pdfium_c.FPDFPage_CountObjects, _INT, ADDRESS)
form_object = _plain(pdfium_c.FPDFFormObj_GetObject, ADDRESS, ADDRESS, _ULONG)
form_object_count = _plain(pdfium_c.FPDFFormObj_CountObjects, _INT, ADDRESS)
object_type = _plain(pdfium_c.FPDFPageObj_GetType, _INT, ADDRESS)
object_bounds = _plain(pdfium_c.FPDFPageObj_GetBounds, _INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS)
object_matrix = _plain(pdfium_c.FPDFPageObj_GetMatrix, _INT, ADDRESS, ADDRESS)
fill_color = _plain(pdfium_c.FPDFPageObj_GetFillColor, _INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS)
path_draw_mode = _plain(pdfium_c.FPDFPath_GetDrawMode, _INT, ADDRESS, ADDRESS, ADDRESS)
path_segment_count = _plain(pdfium_c.FPDFPath_CountSegments, _INT, ADDRESS)
path_segment = _plain(pdfium_c.FPDFPath_GetPathSegment, ADDRESS, ADDRESS, _INT)
segment_point = _plain(pdfium_c.FPDFPathSegment_GetPoint, _INT, ADDRESS, ADDRESS, ADDRESS)
segment_type = _plain(pdfium_c.FPDFPathSegment_GetType, _INT, ADDRESS)
image_pixel_size = _plain(pdfium_c.FPDFImageObj_GetImagePixelSize, _INT, ADDRESS, ADDRESS, ADDRESS)

# a text page's characters (ingest.reader.pdfium_text)
char_count = _plain(pdfium_c.FPDFText_CountChars, _INT, ADDRESS)
char_unicode = _plain(pdfium_c.FPDFText_GetUnicode, _UINT, ADDRESS, _INT)
char_generated = _plain(pdfium_c.FPDFText_IsGenerated, _INT, ADDRESS, _INT)
char_box = _plain(pdfium_c.FPDFText_GetCharBox, _INT, ADDRESS, _INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS)
char_origin = _plain(pdfium_c.FPDFText_GetCharOrigin, _INT, ADDRESS, _INT, ADDRESS, ADDRESS)
char_font_size = _plain(pdfium_c.FPDFText_GetFontSize, _DOUBLE, ADDRESS, _INT)
char_matrix = _plain(pdfium_c.FPDFText_GetMatrix, _INT, ADDRESS, _INT, ADDRESS)
