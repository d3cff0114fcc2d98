/** The PNG's side in pixels: five times the on-screen QR, sharp enough for print and price tags. */
export const QR_PNG_SIZE = 1000;

/**
 * A PNG of the QR drawn from its SVG document: the browser renders the vector at the PNG's size,
 * so the modules stay sharp (no upscaled 200 px bitmap), on white, since a transparent QR vanishes
 * on dark backgrounds.
 */
export async function qrSvgToPng(svgDocument: string, size = QR_PNG_SIZE): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgDocument], { type: 'image/svg+xml' }));
  try {
    const image = new Image(size, size);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.drawImage(image, 0, 0, size, size);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
