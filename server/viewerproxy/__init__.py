"""The viewerproxy: browsers' HTTP(S) proxy that answers from the archive alone (``proxy``, its own
OS process), viewer sessions with missing-URL recording (``sessions``, the viewer database), the
installation's viewer CA (``ca``), and the ``viewerproxy`` Nameko service that controls them."""

PUBLIC = ()
