import { DotLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { VIP_TEXT } from './texts';
import styles from './pay-page.module.css';

/**
 * The QR of a WeChat Pay Native code (desktops: the buyer scans it with WeChat on a phone).
 * The encoder loads on first use only, so the pay page itself stays light.
 */
export function WechatQr({ code }: { code: string }) {
  const [image, setImage] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(code, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then(
        (url) => current && setImage(url),
        () => current && setImage(null),
      );
    return () => {
      current = false;
    };
  }, [code]);

  return (
    <div className={styles.scan} data-testid="pay-scan">
      {image === undefined && <DotLoading />}
      {image === null && <p>{VIP_TEXT.scanFailed}</p>}
      {image && <img src={image} alt={VIP_TEXT.scanTitle} width={220} height={220} />}
      <p>{VIP_TEXT.scanText}</p>
    </div>
  );
}
