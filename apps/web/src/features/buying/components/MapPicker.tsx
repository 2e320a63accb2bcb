import { queryMapConfig } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import 'leaflet/dist/leaflet.css';
import Button from 'antd-mobile/es/components/button';
import L from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/index.ts';
import { showToast } from '../../../shared/ui/feedback.ts';

type Point = { latitude: number; longitude: number };
/** Where the shopper's chosen province or district is: the map moves there when it changes. */
export type MapFocus = Point & { zoom: number };
const PIN_STYLE: L.CircleMarkerOptions = { radius: 9, color: '#e4393c', fillOpacity: 0.8 };

function placePin(m: L.Map, pin: RefObject<L.CircleMarker | null>, latlng: L.LatLngExpression, pan: boolean) {
  if (!pin.current) pin.current = L.circleMarker(latlng, PIN_STYLE).addTo(m);
  else pin.current.setLatLng(latlng);
  if (pan) m.panTo(latlng);
}

/**
 * Leaflet map with tiles from the configured tile server; a tap, or "use my location", sets the
 * point. Without tiles (offline, or no tile server) the map still takes taps and says so.
 */
export function MapPicker({
  value,
  focus,
  onChange,
}: {
  value: Point | null;
  focus?: MapFocus | null;
  onChange(point: Point): void;
}) {
  const { t } = useTranslation('buying');
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.CircleMarker | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const first = useRef(value);
  const focused = useRef(focus);
  focused.current = focus;
  const [tilesMissing, setTilesMissing] = useState(false);
  const { data: cfg } = useQuery({
    queryKey: ['map-config'],
    queryFn: () => api.call(queryMapConfig),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const place = (latlng: L.LatLngExpression, pan: boolean) => {
    if (map.current) placePin(map.current, pin, latlng, pan);
  };

  // The map is built once per configuration: rebuilding it on every tap would lose the shopper's zoom.
  useEffect(() => {
    if (!cfg || !box.current) return;
    const start = first.current ?? focused.current;
    const m = L.map(box.current, { zoomControl: true, attributionControl: true }).setView(
      start ? [start.latitude, start.longitude] : [cfg.latitude, cfg.longitude],
      first.current ? cfg.zoom : (focused.current?.zoom ?? cfg.zoom),
    );
    const tiles = L.tileLayer(cfg.tileUrl, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(m);
    tiles.on('tileerror', () => setTilesMissing(true));
    tiles.on('tileload', () => setTilesMissing(false));
    map.current = m;
    // Where the map looks now, on the element: what a test (or a screen reader tool) can read.
    const mark = () => {
      const c = m.getCenter();
      m.getContainer().dataset.center = `${c.lat.toFixed(4)},${c.lng.toFixed(4)}`;
    };
    m.on('moveend', mark);
    mark();
    if (first.current) placePin(m, pin, [first.current.latitude, first.current.longitude], false);
    m.on('click', (e: L.LeafletMouseEvent) => {
      placePin(m, pin, e.latlng, false);
      changed.current({ latitude: Number(e.latlng.lat.toFixed(6)), longitude: Number(e.latlng.lng.toFixed(6)) });
    });
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
  }, [cfg]);

  // A province or district chosen in the form moves the map there.
  useEffect(() => {
    // Without animation: a district chosen while the province's zoom still runs would be undone by it.
    if (focus && map.current) map.current.setView([focus.latitude, focus.longitude], focus.zoom, { animate: false });
  }, [focus]);

  // An address loaded after the map (editing) moves the pin there.
  useEffect(() => {
    if (!map.current) return;
    if (!value) {
      // The place was chosen anew: the old pin goes.
      pin.current?.remove();
      pin.current = null;
      return;
    }
    const at = pin.current?.getLatLng();
    // A tap stores the point rounded to 6 places: that is the pin already there.
    if (!at || Math.abs(at.lat - value.latitude) > 1e-6 || Math.abs(at.lng - value.longitude) > 1e-6)
      placePin(map.current, pin, [value.latitude, value.longitude], true);
  }, [value]);

  const locate = () => {
    if (!navigator.geolocation) return showToast(t('address.locationFailed'));
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const point = {
          latitude: Number(position.coords.latitude.toFixed(6)),
          longitude: Number(position.coords.longitude.toFixed(6)),
        };
        place([point.latitude, point.longitude], true);
        changed.current(point);
      },
      () => showToast(t('address.locationFailed')),
      { enableHighAccuracy: true, timeout: 10_000 },
    );
  };

  return (
    <>
      <div ref={box} className="buy-map" data-testid="map-picker" />
      {tilesMissing && (
        <p className="buy-muted" data-testid="map-offline">
          {t('address.mapOffline')}
        </p>
      )}
      <Button size="small" onClick={locate} data-testid="map-locate">
        {t('address.useLocation')}
      </Button>
    </>
  );
}
