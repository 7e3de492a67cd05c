/** A file part of a multipart form, read by http/form.ts and handed to services. */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  buffer: Buffer;
}
