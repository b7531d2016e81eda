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
from desktop.models import Column, PagedTableModel
from desktop.rpc.outcome import Failure, FailureKind
from desktop.screens.base import Screen
from desktop.widgets.form import Form
from desktop.widgets.inputs import InputProblem, optional_int, required_text
from desktop.widgets.tables import fit_columns
from shared.dto.definitions import ScheduleDetailsDto, SchedulePreviewDto

UNITS = ("hours", "days", "weeks", "months")


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
        self.current: ScheduleDetailsDto | None = None
        # while editing, the preview follows the fields (preview_schedule), a moment after typing stops
        self.preview_timer = QTimer(self)
        self.preview_timer.setSingleShot(True)
        self.preview_timer.setInterval(400)
        self.preview_timer.timeout.connect(self.live_preview)
        self._preview_generation = 0
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
        if self.current:
            self._show_preview(self.current)

    def refresh(self) -> None:
        self.model.reload()

    def new_schedule(self) -> None:
        self.current = None
        for e in (self.name, self.minute, self.hour, self.day_of_month, self.start_at, self.end_at, self.max_runs,
                  self.comments):
            e.clear()
        self.every.setText("1")
        self.name.setReadOnly(False)
        self.preview.clear()
        self.preview_note.clear()
        self.form.clear_errors()
        self.preview_timer.start()

    def _row_clicked(self, index) -> None:
        row = self.model.row_at(index.row())
        if row:
            self.open_schedule(row.name)

    def open_schedule(self, name: str) -> None:
        c = self.rpc("get_schedule", name, 5)
        c.succeeded.connect(self.show_schedule)
        c.failed.connect(self.report)

    def show_schedule(self, s: ScheduleDetailsDto) -> None:
        self.current = s
        self.form.clear_errors()
        self.name.setText(s.name)
        self.name.setReadOnly(True)
        self.every.setText(str(s.every))
        self.unit.setCurrentIndex(max(0, self.unit.findData(s.unit)))
        for edit, value in ((self.minute, s.minute), (self.hour, s.hour), (self.day_of_month, s.day_of_month),
                            (self.max_runs, s.max_runs)):
            edit.setText("" if value is None else str(value))
        for edit, when in ((self.start_at, s.start_at), (self.end_at, s.end_at)):
            edit.setText("" if when is None else when.isoformat())   # the form takes ISO 8601 back
        self.weekday.setCurrentIndex(s.weekday or 0)
        self.comments.setText(s.comments or "")
        self.preview_note.clear()
        self._show_preview(s)

    def live_preview(self) -> None:
        """Ask the server for the next five runs of the fields as they are now (nothing saved)."""
        self._preview_generation += 1
        generation = self._preview_generation
        fields = self.fields(report=False)
        if fields is None:
            self.preview.clear()
            self.preview_note.setText(self.tr("Not a valid schedule yet."))
            return
        c = self.rpc("preview_schedule", fields, 5)
        c.succeeded.connect(lambda p, g=generation: self._live_preview_done(g, p))
        c.failed.connect(lambda f, g=generation: self._live_preview_failed(g, f))

    def _live_preview_done(self, generation: int, preview: SchedulePreviewDto) -> None:
        if generation == self._preview_generation:
            self.preview_note.clear()
            self._show_preview(preview)

    def _live_preview_failed(self, generation: int, failure: Failure) -> None:
        if generation != self._preview_generation:
            return
        if failure.kind is FailureKind.SERVER:
            self.preview.clear()
            self.preview_note.setText(self.tr("Not a valid schedule yet."))
        else:
            self.report(failure)

    def _show_preview(self, s: ScheduleDetailsDto | SchedulePreviewDto) -> None:
        self.preview.clear()
        for t in s.upcoming:
            self.preview.addItem(formatting.date_time(t))

    def fields(self, report: bool = True) -> dict[str, Any] | None:
        """The rule's fields, or None with the problems shown next to the fields (``report``)."""
        f = self.form if report else None
        out: dict[str, Any] = {"unit": self.unit.currentData(), "weekday": self.weekday.currentData()}
        ok = True
        for key, edit, minimum in (("every", self.every, 1), ("minute", self.minute, 0), ("hour", self.hour, 0),
                                   ("day_of_month", self.day_of_month, 1), ("max_runs", self.max_runs, 1)):
            try:
                out[key] = optional_int(edit, minimum)
            except InputProblem as p:
                if f is not None:
                    f.error(key, str(p))
                ok = False
        if out.get("every") is None:
            if f is not None:
                f.error("every", self.tr("Give a whole number."))
            ok = False
        for key, edit in (("start_at", self.start_at), ("end_at", self.end_at)):
            out[key] = edit.text().strip() or None
        return out if ok else None

    def save(self) -> None:
        self.form.clear_errors()
        try:
            name = required_text(self.name)
        except InputProblem as p:
            self.form.error("name", str(p))
            return
        fields = self.fields()
        if fields is None:
            return
        if self.current and self.current.name == name:
            c = self.rpc("update_schedule", name, self.current.edition, fields, comments=self.comments.text())
        else:
            unit, every = fields.pop("unit"), fields.pop("every")
            fields = {k: v for k, v in fields.items() if v is not None}
            c = self.rpc("create_schedule", name, unit, every, self.comments.text(), **fields)
        c.succeeded.connect(lambda s: (self.open_schedule(s.name), self.model.reload(),
                                       self.statusMessage.emit(self.tr("Saved {name}.").format(name=s.name))))
        c.failed.connect(lambda f: self.show_failure(self.form, f, {"already_exists": "name"}, default="name"))


