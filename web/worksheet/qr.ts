// How the worksheet draws its QR code: one place, so the e2e check encodes the link the same way.
export const QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 2 } as const
