import { readFile } from 'node:fs/promises';

/**
 * A file part of a multipart form, read by http/form.ts and handed to services. Uploads are
 * streamed to a temporary file (removed once the answer is sent), so a request never holds its
 * files in memory; files the server makes itself (the demo's pictures) come as bytes.
 */
export type UploadedFile = {
  field: string;
  filename: string;
  mimetype: string;
  size: number;
} & ({ path: string; buffer?: undefined } | { buffer: Buffer; path?: undefined });

/** Where sharp and other readers take the file from: its path, or its bytes. */
export const uploadedSource = (file: UploadedFile): string | Buffer => file.path ?? file.buffer;

/** The file's bytes (a CSV is read whole). */
export const readUploadedFile = async (file: UploadedFile): Promise<Buffer> =>
  file.buffer ?? (await readFile(file.path));
