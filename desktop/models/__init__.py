from desktop.models.columns import Column
from desktop.models.list_model import DtoListModel
from desktop.models.paged import PagedTableModel

__all__ = ["Column", "DtoListModel", "PagedTableModel"]
