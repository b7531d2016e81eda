"""Schedules: list, create, edit, with the next five run times."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop import formatting
from desktop.controllers.schedules import UNITS, SchedulesController
from desktop.models import Column, PagedTableModel
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import ScheduleDetailsDto


class SchedulesScreen(Screen):
    key = "schedules"
    group = "curate"
    service = "definitions"

    def build(self) -> None:
        self.model = PagedTableModel(self.client, self.service, "list_schedules", [
            Column("name", lambda: QCoreApplication.translate("SchedulesScreen", "Name")),
            # rendered from the rule's fields in the user's language (the server's text is English)
            Column("description", lambda: QCoreApplication.translate("SchedulesScreen", "Rule"), sort=None,
                   row_fmt=formatting.schedule_rule),
            Column("comments", lambda: QCoreApplication.translate("SchedulesScreen", "Comments"), sort=None),
        ], page_size=200, parent=self)
        self.model.failed.connect(self.report)
        self.table = QTableView(self.content)
        self.table.setObjectName("scheduleTable")
        self.table.setModel(self.model)
        fit_columns(self.table)
        self.table.setSortingEnabled(True)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.clicked.connect(self._row_clicked)
        self.new_button = QPushButton(self.content)
        self.new_button.clicked.connect(self.new_schedule)
        self.needs(self.new_button, "definitions.create_schedule")

        self.form = Form(self.content)
        self.name = self.form.add("name", QLineEdit())
        self.name.setObjectName("scheduleName")
        self.every = self.form.add("every", QLineEdit("1"))
        self.unit = self.form.add("unit", QComboBox())
        for u in UNITS:
            self.unit.addItem("", u)
        self.minute = self.form.add("minute", QLineEdit())
        self.hour = self.form.add("hour", QLineEdit())
        self.weekday = self.form.add("weekday", QComboBox())
        for d in range(8):
            self.weekday.addItem("", d or None)
        self.day_of_month = self.form.add("day_of_month", QLineEdit())
        self.start_at = self.form.add("start_at", QLineEdit())
        self.end_at = self.form.add("end_at", QLineEdit())
        self.max_runs = self.form.add("max_runs", QLineEdit())
        self.comments = self.form.add("comments", QLineEdit())
        self.save_button = QPushButton(self.content)
        self.save_button.setObjectName("saveSchedule")
        self.save_button.clicked.connect(self.save)
        self.needs(self.save_button, "definitions.update_schedule")
        self.preview_label = QLabel(self.content)
        self.preview = QListWidget(self.content)
        self.preview.setObjectName("schedulePreview")
        self.preview.setMaximumHeight(120)
        self.preview_note = QLabel(self.content)
        self.preview_note.setObjectName("schedulePreviewNote")
        self.preview_note.setWordWrap(True)
        self._upcoming: list = []
        c = self.controller = SchedulesController(self.client, self.rpc, self)
        c.scheduleShown.connect(self.show_schedule)
        c.previewChanged.connect(self._show_preview)
        c.listChanged.connect(self.model.reload)
        c.problem.connect(lambda _form, field, text: self.form.error(field or None, text))
        c.cleared.connect(lambda _form: self.form.clear_errors())
        c.failure.connect(self.report)
        c.status.connect(self.statusMessage.emit)
        # while editing, the preview follows the fields (preview_schedule), a moment after typing stops
        self.preview_timer = QTimer(self)
        self.preview_timer.setSingleShot(True)
        self.preview_timer.setInterval(400)
        self.preview_timer.timeout.connect(self.live_preview)
        for edit in (self.every, self.minute, self.hour, self.day_of_month, self.start_at, self.end_at,
                     self.max_runs):
            edit.textEdited.connect(self.preview_timer.start)
        for combo in (self.unit, self.weekday):
            combo.activated.connect(self.preview_timer.start)

        left = QWidget(self.content)
        ll = QVBoxLayout(left)
        ll.addWidget(self.table, 1)
        ll.addWidget(self.new_button)
        right = QWidget(self.content)
        rl = QVBoxLayout(right)
        rl.addWidget(self.form)
        rl.addWidget(self.save_button, 0, Qt.AlignmentFlag.AlignRight)
        rl.addWidget(self.preview_label)
        rl.addWidget(self.preview)
        rl.addWidget(self.preview_note)
        rl.addStretch(1)
        split = QSplitter(self.content)
        split.addWidget(left)
        split.addWidget(right)
        QVBoxLayout(self.content).addWidget(split)

    def title(self) -> str:
        return self.tr("Schedules")

    def purpose(self) -> str:
        return self.tr("When harvests run.")

    def retranslateUi(self) -> None:
        self.new_button.setText(self.tr("New schedule"))
        for i, text in enumerate((self.tr("hours"), self.tr("days"), self.tr("weeks"), self.tr("months"))):
            self.unit.setItemText(i, text)
        for i, text in enumerate((self.tr("any day"), self.tr("Monday"), self.tr("Tuesday"), self.tr("Wednesday"),
                                  self.tr("Thursday"), self.tr("Friday"), self.tr("Saturday"), self.tr("Sunday"))):
            self.weekday.setItemText(i, text)
        f = self.form
        f.set_label("name", self.tr("Name:"))
        f.set_label("every", self.tr("Every:"))
        f.set_label("unit", self.tr("Unit:"))
        f.set_label("minute", self.tr("At minute (0–59, optional):"))
        f.set_label("hour", self.tr("At hour (0–23, optional):"))
        f.set_label("weekday", self.tr("On weekday:"))
        f.set_label("day_of_month", self.tr("On day of month (1–31, optional):"))
        f.set_label("start_at", self.tr("Start (ISO date and time with zone, empty: now):"))
        f.set_label("end_at", self.tr("End (ISO date and time with zone, optional):"))
        f.set_label("max_runs", self.tr("Or end after this many runs:"))
        f.set_label("comments", self.tr("Comments:"))
        self.save_button.setText(self.tr("Save"))
        self.preview_label.setText(self.tr("The next five runs, if a harvest used it from now:"))
        self.model.retranslate()
        self._show_preview(self._upcoming, self.preview_note.text())

    def refresh(self) -> None:
        self.model.reload()

    @property
    def current(self) -> ScheduleDetailsDto | None:
        """The open schedule (the controller's)."""
        return self.controller.current

    def typed(self) -> dict[str, Any]:
        """What the fields hold now, for the controller to check."""
        return {"unit": self.unit.currentData(), "weekday": self.weekday.currentData(), "every": self.every.text(),
                "minute": self.minute.text(), "hour": self.hour.text(), "day_of_month": self.day_of_month.text(),
                "max_runs": self.max_runs.text(), "start_at": self.start_at.text(), "end_at": self.end_at.text()}

    def new_schedule(self) -> None:
        self.controller.new_schedule()
        self.preview_timer.start()

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.open_schedule(row.name)

    def open_schedule(self, name: str) -> None:
        self.controller.open(name)

    def show_schedule(self, s: ScheduleDetailsDto | None) -> None:
        """The schedule in the form (None: an empty form for a new one)."""
        self.name.setText(s.name if s else "")
        self.name.setReadOnly(s is not None)
        self.every.setText(str(s.every) if s else "1")
        self.unit.setCurrentIndex(max(0, self.unit.findData(s.unit)) if s else self.unit.currentIndex())
        for edit, value in ((self.minute, s and s.minute), (self.hour, s and s.hour),
                            (self.day_of_month, s and s.day_of_month), (self.max_runs, s and s.max_runs)):
            edit.setText("" if value is None else str(value))
        for edit, when in ((self.start_at, s and s.start_at), (self.end_at, s and s.end_at)):
            edit.setText("" if when is None else when.isoformat())   # the form takes ISO 8601 back
        self.weekday.setCurrentIndex((s.weekday or 0) if s else 0)
        self.comments.setText((s.comments or "") if s else "")

    def live_preview(self) -> None:
        """The next five runs of the fields as they are now (nothing saved)."""
        self.controller.preview(self.typed())

    def _show_preview(self, upcoming: list, note: str) -> None:
        self._upcoming = list(upcoming)
        self.preview.clear()
        for t in upcoming:
            self.preview.addItem(formatting.date_time(t))
        # the note said again in the current language (see retranslateUi)
        self.preview_note.setText(self.controller.not_valid() if note else "")

    def save(self) -> None:
        self.controller.save(self.name.text(), self.typed(), self.comments.text())
