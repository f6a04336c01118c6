"""Render PDF pages to PNG images (pypdfium2), for a look without a PDF viewer."""
from __future__ import annotations

import shutil
from pathlib import Path


def render_pngs(pdfs: list[Path], folder: Path, dpi: int) -> list[Path]:
    """Write every page of each PDF as `<stem>-NNN.png` in a fresh `folder`."""
    import pypdfium2

    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    written = []
    for pdf_path in pdfs:
        pdf = pypdfium2.PdfDocument(str(pdf_path))
        try:
            for number in range(len(pdf)):
                image = pdf[number].render(scale=dpi / 72).to_pil()
                out = folder / f"{pdf_path.stem}-{number + 1:03d}.png"
                image.save(out)
                written.append(out)
        finally:
            pdf.close()
    return written
