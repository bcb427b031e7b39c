/**
 * What handlers need from the image side (implemented in image-service.ts by the image pipeline + Blobs).
 */
import type { ImageFolder } from '../../lib/collections.ts';
import type { ImageBlobStore } from './image-store.ts';

export interface ProcessedImage {
  /** Content-addressed main file name, e.g. `3f2a…c1.webp`; variants are `3f2a…c1-400.webp` etc. */
  fileName: string;
  width: number;
  height: number;
}

export interface ImageService {
  /**
   * Validates (size, real format, pixel limit), normalises (auto-rotate, strip metadata, fit 1200×1200) and
   * stores the image with its WebP variants. Throws ImageRejectedError for a bad file.
   */
  store(folder: ImageFolder, file: Blob): Promise<ProcessedImage>;
  /** Deletes the main file and its variants; ignores names that are not ours (external URLs, missing). */
  remove(folder: ImageFolder, storedValue: string | undefined | null): Promise<void>;
  /** The blobs behind the service, as stored: backups read them and restores write them back unchanged. */
  readonly blobs: ImageBlobStore;
  /** Reads an upload for GET /uploads/{folder}/{file}; null when missing. */
  read(folder: ImageFolder, fileName: string): Promise<{ body: ArrayBuffer; contentType: string } | null>;
}

export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError';
  /** 413 too large, 415 not a supported image, 400 other (e.g. too many pixels). */
  readonly status: 400 | 413 | 415;
  constructor(status: 400 | 413 | 415, message: string) {
    super(message);
    this.status = status;
  }
}
