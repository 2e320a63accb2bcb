import { queryMapConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { api } from '../../../shared/api/index.ts';

type Point = { latitude: number; longitude: number };

/** Leaflet map with tiles from the configured tile server; a tap (or drag of the pin) sets the point. */
export function MapPicker({ value, onChange }: { value: Point | null; onChange(point: Point): void }) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.CircleMarker | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const { data: cfg } = useQuery({
    queryKey: ['map-config'],
    queryFn: () => api.call(queryMapConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!cfg || !box.current || map.current) return;
    const start: L.LatLngExpression = value ? [value.latitude, value.longitude] : [cfg.latitude, cfg.longitude];
    const m = L.map(box.current, { zoomControl: true, attributionControl: true }).setView(start, cfg.zoom);
    L.tileLayer(cfg.tileUrl, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(m);
    const set = (latlng: L.LatLng) => {
      if (!pin.current)
        pin.current = L.circleMarker(latlng, { radius: 9, color: '#e4393c', fillOpacity: 0.8 }).addTo(m);
      else pin.current.setLatLng(latlng);
      changed.current({ latitude: Number(latlng.lat.toFixed(6)), longitude: Number(latlng.lng.toFixed(6)) });
    };
    if (value) pin.current = L.circleMarker(start, { radius: 9, color: '#e4393c', fillOpacity: 0.8 }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => set(e.latlng));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
  }, [cfg, value]);

  return <div ref={box} className="buy-map" data-testid="map-picker" />;
}
