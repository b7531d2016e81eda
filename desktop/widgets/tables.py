"""Tables a curator can read: columns sized to their content, one line a row, the last column
taking what room is left. The user may still drag a column wider or narrower.

Sizing looks only at the rows on screen (``setResizeContentsPrecision(0)``): a paged model of
500,000 jobs is never walked to measure it. It is redone whenever rows arrive or the language
changes (a header's width follows its translation), at most once per turn of the event loop.
"""
from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

#: a column never grows past this when sized to its content (long comments, URLs)
MAX_COLUMN = 420


def fit_columns(view: QTableView, stretch_last: bool = True) -> None:
    """Size ``view``'s columns to their content now and whenever its model's rows change."""
    view.setWordWrap(False)
    view.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setResizeContentsPrecision(0)
    header.setStretchLastSection(stretch_last)
    header.setMaximumSectionSize(max(header.maximumSectionSize(), MAX_COLUMN))
    # one line a row, the same height for all (measuring each row's height would walk them all)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    timer = QTimer(view)
    timer.setSingleShot(True)
    timer.setInterval(0)

    def resize() -> None:
        view.resizeColumnsToContents()
        for col in range(header.count()):
            # never narrower than its title with the sort arrow ("Domain ▾", not "omain▾"): the
            # rows on screen may all be placeholders, and the arrow comes and goes with sorting
            need = header.sectionSizeFromContents(col).width()
            if header.sectionSize(col) < need:
                header.resizeSection(col, need)
            if header.sectionSize(col) > MAX_COLUMN:
                header.resizeSection(col, max(MAX_COLUMN, need))
        if stretch_last:   # sizing to content took the last column's stretch: give it back
            header.setStretchLastSection(False)
            header.setStretchLastSection(True)

    timer.timeout.connect(resize)
    header.sortIndicatorChanged.connect(lambda *_: timer.start())
    model = view.model()
    for signal in (model.modelReset, model.layoutChanged, model.dataChanged, model.rowsInserted,
                   model.headerDataChanged):
        signal.connect(timer.start)
    timer.start()
    view._fit_timer = timer   # kept with the view (and tests can wait for it)
