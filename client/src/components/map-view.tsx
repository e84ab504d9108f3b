import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { latLngBounds, type LatLngExpression, type LatLngTuple } from 'leaflet';
import { Circle, CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { id as t } from '@/i18n/id';
import { api } from '@/lib/api-client';
import 'leaflet/dist/leaflet.css';

/**
 * A Leaflet map (react-leaflet) for points, a connecting line and a radius circle.
 *
 * Markers are SVG circle markers and the line and circle are vector layers, so the map shows
 * everything without tiles or marker images (offline-safe, DESIGN §10); tiles come from the
 * configured `tile_url` (GET config) unless `tileUrl` is given (null = no tiles). The view fits
 * every point and the circle. Import it lazily (`lazy(() => import('@/components/map-view'))`) so
 * Leaflet loads only with the first map. Accessible name: `label` (default 'Peta lokasi'); the
 * markers and circle are listed in a legend under the map for screen readers and tests.
 */

export interface MapMarker {
  id: string;
  position: LatLngTuple;
  label: string;
  /** CSS colour of the marker (default Bootstrap primary). */
  color?: string;
}

export interface MapCircle {
  center: LatLngTuple;
  /** Metres. */
  radius: number;
  color?: string;
}

export interface MapViewProps {
  markers: MapMarker[];
  /** Points joined by a dashed line (e.g. the log point and the placement point). */
  line?: LatLngTuple[];
  circle?: MapCircle;
  zoom?: number;
  minZoom?: number;
  maxZoom?: number;
  height?: number;
  /** Tile URL template; undefined = the configured one, null = no tiles. */
  tileUrl?: string | null;
  label?: string;
}

export const MAP_ZOOM = 17;
export const MAP_MIN_ZOOM = 2;
export const MAP_MAX_ZOOM = 20;

function useTileUrl(explicit: string | null | undefined): string | null {
  const config = useQuery({
    queryKey: ['config'],
    queryFn: async () => (await api.get('config', { errorPopup: false })).data,
    staleTime: Infinity,
    enabled: explicit === undefined,
  });
  if (explicit !== undefined) return explicit;
  return config.data?.tile_url || null;
}

const METRES_PER_DEGREE = 111_320;

/** The corners of the square around a circle (enough to fit the view to it). */
export function circleCorners(circle: MapCircle): LatLngTuple[] {
  const [lat, lng] = circle.center;
  const dLat = circle.radius / METRES_PER_DEGREE;
  const dLng = circle.radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  return [
    [lat - dLat, lng - dLng],
    [lat + dLat, lng + dLng],
  ];
}

/**
 * Room around the fitted points for their permanent labels (above or below a point, centred on it):
 * half the widest label sideways, a label's height and offset up and down.
 */
export function labelPadding(labels: string[]): { topLeft: [number, number]; bottomRight: [number, number] } {
  const longest = labels.reduce((most, label) => Math.max(most, label.length), 0);
  const side = Math.min(200, 16 + Math.ceil(longest * 3.8));
  const vertical = 48;
  return { topLeft: [side, vertical], bottomRight: [side, vertical] };
}

function FitView({ points, zoom, labels }: { points: LatLngTuple[]; zoom: number; labels: string[] }) {
  const map = useMap();
  // Compared by value: `points` is a new array on every render.
  const key = JSON.stringify([points, labels]);
  useEffect(() => {
    const [fitted, fittedLabels] = JSON.parse(key) as [LatLngTuple[], string[]];
    const fit = () => {
      // The map may have been laid out inside a hidden tab or a modal still animating.
      map.invalidateSize();
      if (fitted.length === 0) return;
      const bounds = latLngBounds(fitted);
      if (fitted.length === 1) map.setView(bounds.getCenter(), zoom);
      else {
        const room = labelPadding(fittedLabels);
        map.fitBounds(bounds, { paddingTopLeft: room.topLeft, paddingBottomRight: room.bottomRight, maxZoom: zoom });
      }
    };
    fit();
    const timer = setTimeout(fit, 300);
    return () => clearTimeout(timer);
  }, [map, key, zoom]);
  return null;
}

export function MapView({
  markers,
  line,
  circle,
  zoom = MAP_ZOOM,
  minZoom = MAP_MIN_ZOOM,
  maxZoom = MAP_MAX_ZOOM,
  height = 320,
  tileUrl,
  label = t.mapView.label,
}: MapViewProps) {
  const tiles = useTileUrl(tileUrl);
  const points = useMemo(
    () => [...markers.map((marker) => marker.position), ...(circle ? circleCorners(circle) : [])],
    [markers, circle],
  );
  const center: LatLngExpression = markers[0]?.position ?? circle?.center ?? [0, 0];
  return (
    <figure className="map-view mb-0" role="group" aria-label={label}>
      <MapContainer
        center={center}
        zoom={zoom}
        minZoom={minZoom}
        maxZoom={maxZoom}
        style={{ height, width: '100%' }}
        className="rounded border bg-body-tertiary"
        attributionControl={Boolean(tiles)}
      >
        {tiles ? <TileLayer url={tiles} maxZoom={maxZoom} /> : null}
        {circle ? (
          <Circle
            center={circle.center}
            radius={circle.radius}
            pathOptions={{ color: circle.color ?? '#198754', fillOpacity: 0.12, weight: 2 }}
          />
        ) : null}
        {line && line.length > 1 ? (
          <Polyline positions={line} pathOptions={{ color: '#6c757d', dashArray: '6 6', weight: 2 }} />
        ) : null}
        {markers.map((marker, index) => (
          <CircleMarker
            key={marker.id}
            center={marker.position}
            radius={8}
            pathOptions={{ color: '#fff', weight: 2, fillColor: marker.color ?? '#0d6efd', fillOpacity: 1 }}
          >
            {/* Alternate sides so the labels of two close points do not cover each other. */}
            <Tooltip direction={index % 2 === 0 ? 'top' : 'bottom'} offset={[0, index % 2 === 0 ? -8 : 8]} permanent>
              {marker.label}
            </Tooltip>
          </CircleMarker>
        ))}
        <FitView points={points} zoom={zoom} labels={markers.map((marker) => marker.label)} />
      </MapContainer>
      <figcaption className="small text-muted mt-2">
        <span className="visually-hidden">{t.mapView.legend}: </span>
        <ul className="list-inline mb-0">
          {markers.map((marker) => (
            <li key={marker.id} className="list-inline-item">
              <span
                className="d-inline-block rounded-circle me-1 align-middle"
                style={{ width: 10, height: 10, background: marker.color ?? '#0d6efd' }}
                aria-hidden="true"
              />
              {marker.label} ({marker.position[0].toFixed(6)}, {marker.position[1].toFixed(6)})
            </li>
          ))}
          {circle ? <li className="list-inline-item">{t.mapView.radius(Math.round(circle.radius))}</li> : null}
        </ul>
        {tiles ? null : <p className="mb-0">{t.mapView.noTiles}</p>}
      </figcaption>
    </figure>
  );
}

export default MapView;
