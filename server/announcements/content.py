"""Rich text in, safe HTML out: the whitelist of what the editor (TipTap) produces, nothing else.

`nh3` (the ammonia sanitiser) parses the HTML like a browser and keeps only the listed tags and
attributes; a script or style element goes with its content, event handlers and inline styles are
dropped, and links keep only http, https and mailto targets.
"""

from __future__ import annotations

import html
import re

import nh3

ALLOWED_TAGS = frozenset(
    {
        "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6",
        "strong", "b", "em", "i", "u", "s", "code", "pre", "blockquote",
        "a", "ul", "ol", "li",
        "table", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td",
    }
)  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "target"},
    "ol": {"start"},
    "th": {"colspan", "rowspan"},
    "td": {"colspan", "rowspan"},
    "col": {"span"},
}
URL_SCHEMES = frozenset({"http", "https", "mailto"})
LINK_REL = "noopener noreferrer nofollow"
SNIPPET_LENGTH = 60

_SPACES = re.compile(r"\s+")
_BLOCK_END = re.compile(r"</(p|h[1-6]|li|tr|td|th|blockquote|pre)>|<br\s*/?>", re.IGNORECASE)


def _attribute_filter(tag: str, name: str, value: str) -> str | None:
    if tag == "a" and name == "target":
        return "_blank" if value == "_blank" else None
    if name in ("colspan", "rowspan", "span", "start"):
        return value if value.isascii() and value.isdigit() and 0 < int(value) <= 1000 else None
    return value


def content_sanitise(raw: str) -> str:
    return nh3.clean(
        raw,
        tags=set(ALLOWED_TAGS),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        attribute_filter=_attribute_filter,
        url_schemes=set(URL_SCHEMES),
        link_rel=LINK_REL,
        strip_comments=True,
    ).strip()


def content_text(content: str) -> str:
    """The words of the HTML without markup, blocks separated by a space, whitespace collapsed."""
    spaced = _BLOCK_END.sub(lambda match: match.group(0) + " ", content)
    bare = nh3.clean(spaced, tags=set(), clean_content_tags={"script", "style"})
    return _SPACES.sub(" ", html.unescape(bare)).strip()


def content_snippet(content: str, length: int = SNIPPET_LENGTH) -> str:
    text = content_text(content)
    return text if len(text) <= length else text[:length].rstrip() + "..."
