import L from 'leaflet';
import 'leaflet/dist/leaflet.css';

export { L };
