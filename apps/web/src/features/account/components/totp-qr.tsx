import { Image, Skeleton } from '@mantine/core';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** The otpauth URL as a QR code, rendered locally (the secret never leaves the browser). */
export function TotpQr({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(url, { margin: 1, width: 180 })
      .then((data) => live && setSrc(data))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!src) return <Skeleton w={180} h={180} />;
  return <Image src={src} w={180} h={180} alt="QR code to add Mapwright to your authenticator app" />;
}
