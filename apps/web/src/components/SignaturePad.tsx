import { type PointerEvent, useEffect, useRef } from 'react';
import css from './SignaturePad.module.css';

const HEIGHT = 180;

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events) on a canvas. The value is the
 * drawing as a PNG data URL, null when blank; a value given at mount (a restored draft) is drawn back.
 * The worker signs an order on the phone page, the use unit when confirming it (lib/photo.ts's
 * `uploadSignature` stores the drawing).
 */
export function SignaturePad({
  value,
  onChange,
  disabled = false,
}: {
  value: string | null;
  onChange: (png: string | null) => void;
  disabled?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const initial = useRef(value);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // The bitmap at the device's pixel ratio, the drawing in CSS pixels.
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(HEIGHT * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1f1f1f';
    if (initial.current) {
      const img = new Image();
      img.onload = () => ctx.drawImage(img, 0, 0, canvas.clientWidth, HEIGHT);
      img.src = initial.current;
    }
  }, []);

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = point(e);
    drawing.current = p;
    const ctx = e.currentTarget.getContext('2d');
    // A tap leaves a dot.
    ctx?.beginPath();
    ctx?.arc(p.x, p.y, 1.2, 0, Math.PI * 2);
    ctx?.fill();
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = drawing.current;
    if (!from) return;
    const to = point(e);
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x, to.y);
    ctx.stroke();
    drawing.current = to;
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = null;
    onChange(e.currentTarget.toDataURL('image/png'));
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    onChange(null);
  };

  return (
    <div className={css.signature}>
      <canvas
        ref={canvasRef}
        className={css.signatureCanvas}
        style={{ height: HEIGHT }}
        data-testid="signature-pad"
        aria-label="签名区：用手指在此签名"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
      />
      <div className={css.signatureBar}>
        <span className={css.muted} data-testid="signature-state" data-signed={value !== null}>
          {value ? '已签名' : '请在上方空白处签名'}
        </span>
        <button type="button" className={css.linkButton} onClick={clear} disabled={disabled || !value}>
          清除重签
        </button>
      </div>
    </div>
  );
}
