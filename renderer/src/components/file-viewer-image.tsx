import { useRef, useState, type SyntheticEvent } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { ExpandOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';

export interface ImageViewerProps {
  /** An object URL of the picture's bytes. */
  url: string;
  name: string;
}

const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = 3; // the index of 1: the picture fitted to the viewer

/**
 * A picture fitted to the viewer, with 放大 / 缩小 / 适应窗口 (and Ctrl + wheel); a zoomed picture
 * scrolls inside the viewer. Fitting needs the picture's own size, known once it has loaded.
 */
export function ImageViewer({ url, name }: ImageViewerProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState<number>(FIT);
  const [fitted, setFitted] = useState<{ width: number; height: number } | undefined>(undefined);
  const zoom = ZOOM_STEPS[step] ?? 1;

  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    const box = frame.current;
    if (!box || !image.naturalWidth || !image.naturalHeight) return;
    // Never blown up past its own size to fit: a small picture stays sharp at 100%.
    const scale = Math.min(
      (box.clientWidth - 16) / image.naturalWidth,
      (box.clientHeight - 16) / image.naturalHeight,
      1,
    );
    setFitted({ width: image.naturalWidth * scale, height: image.naturalHeight * scale });
  };
  const zoomBy = (delta: number) => setStep((current) => Math.min(ZOOM_STEPS.length - 1, Math.max(0, current + delta)));

  return (
    <div className="file-viewer-image" style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 8 }}>
      <Space size={4}>
        <Tooltip title="缩小">
          <Button icon={<ZoomOutOutlined />} aria-label="缩小" disabled={step === 0} onClick={() => zoomBy(-1)} />
        </Tooltip>
        <Typography.Text aria-label="缩放比例" style={{ display: 'inline-block', minWidth: 48, textAlign: 'center' }}>
          {Math.round(zoom * 100)}%
        </Typography.Text>
        <Tooltip title="放大">
          <Button
            icon={<ZoomInOutlined />}
            aria-label="放大"
            disabled={step === ZOOM_STEPS.length - 1}
            onClick={() => zoomBy(1)}
          />
        </Tooltip>
        <Tooltip title="适应窗口">
          <Button icon={<ExpandOutlined />} aria-label="适应窗口" onClick={() => setStep(FIT)} />
        </Tooltip>
      </Space>
      <div
        ref={frame}
        onWheel={(event) => {
          if (!event.ctrlKey) return;
          zoomBy(event.deltaY < 0 ? 1 : -1);
        }}
        style={{ flex: 1, minHeight: 0, overflow: 'auto', background: '#f5f5f5', borderRadius: 8, textAlign: 'center' }}
      >
        <img
          src={url}
          alt={name}
          onLoad={onLoad}
          draggable={false}
          style={
            fitted
              ? { width: fitted.width * zoom, height: fitted.height * zoom, margin: 8, maxWidth: 'none' }
              : { maxWidth: '100%', maxHeight: '100%' }
          }
        />
      </div>
    </div>
  );
}
