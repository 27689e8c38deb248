import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

// The charge's BR Code drawn as a QR code (the `qrcode` library, error correction M as bank apps
// expect), as a PNG image so it can be saved or scanned from the screen.

export function PixQrCode({ brcode, className }: { brcode: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(brcode, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [brcode]);
  if (!src) return <div className={cn('animate-pulse rounded bg-muted', className)} aria-hidden />;
  return <img src={src} alt="QR Code PIX da cobrança" className={className} data-testid="pix-qr" width={320} height={320} />;
}
