"""Code both sides use: configuration, errors, enums, DTOs and naming rules. Never imports Qt."""
