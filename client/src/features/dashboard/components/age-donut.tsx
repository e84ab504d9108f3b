import { useEffect, useRef } from 'react';
import { ArcElement, Chart, DoughnutController, Tooltip } from 'chart.js';

Chart.register(DoughnutController, ArcElement, Tooltip);

export interface AgeDonutProps {
  labels: string[];
  values: number[];
  colors: string[];
  /** The chart's accessible description (the canvas itself is not readable). */
  label: string;
}

/** The age donut on a canvas (chart.js); loaded lazily with its own chunk. */
export default function AgeDonut({ labels, values, colors, label }: AgeDonutProps) {
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const chart = useRef<Chart<'doughnut'> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'doughnut',
      data: { labels, datasets: [{ data: values, backgroundColor: colors, borderWidth: 2 }] },
      options: {
        cutout: '62%',
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        plugins: { legend: { display: false } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
    // Built once; later values update the chart in place (below) instead of rebuilding it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = labels;
    current.data.datasets[0].data = values;
    current.update();
  }, [labels, values]);

  return (
    <div className="age-donut" style={{ position: 'relative', height: 180 }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
