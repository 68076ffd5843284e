import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import styles from './security.module.css';
import { SECURITY_TEXT } from './texts';

/**
 * The QR code of an `otpauth://` URI, drawn in the browser (the secret never leaves it as an
 * image request). The encoder loads when the set-up shows it, not with 账号与安全.
 */
export function OtpQr({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>();
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then(
        (url) => current && setImage(url),
        () => current && setImage(null),
      );
    return () => {
      current = false;
    };
  }, [uri]);
  return (
    <div className={styles.qr} data-testid="two-factor-qr">
      {image === undefined && <DotLoading />}
      {image === null && <p className={styles.intro}>{SECURITY_TEXT.scanFailed}</p>}
      {image && <img src={image} alt={SECURITY_TEXT.scanAlt} width={200} height={200} />}
    </div>
  );
}
