/** About 1,600 px on the long side (issue 48 item 7): enough to read a room, small to send. */
export const PHOTO_LONG_SIDE = 1600;

/** The size a photo is drawn at: the long side at most `longSide`, never enlarged. */
export function fittedSize(width: number, height: number, longSide = PHOTO_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A photo from the camera, resized in the browser to a JPEG, so that a phone on a weak signal
 * sends a few hundred kilobytes, not the camera's megabytes. Its orientation is applied first.
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = fittedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize photos.');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('This photo could not be read.'))),
      'image/jpeg',
      0.85,
    ),
  );
}
