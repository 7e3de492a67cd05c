/**
 * Sharing a menu (doc 2 §2, §3, §4): the QR section of the settings form, the share actions (copy
 * the address, embed code, downloads) and the dashboard's public address card.
 */
export { CopyMenuUrlButton } from './copy-menu-url-button.tsx';
export { EmbedCodeModal } from './embed-code-modal.tsx';
export { PublicMenuCard } from './public-menu-card.tsx';
export { QrCardPreview, QrCodeImage } from './qr-card-preview.tsx';
export { QrCodeModal } from './qr-code-modal.tsx';
export { QrDownloadMenu } from './qr-download-menu.tsx';
export { QrSection, type QrSectionProps, type QrSectionValue, qrSectionErrors } from './qr-section.tsx';
