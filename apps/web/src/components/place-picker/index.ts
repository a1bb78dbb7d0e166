export { PlacePicker, type PlacePickerProps } from './place-picker';
export {
  INVALID_PLACE,
  ZPlaceValue,
  formatCoordinate,
  parseCoordinate,
  placePoint,
  type TPlaceValue,
} from './place';
export { PlaceDialog, type PlaceDialogProps, type TNamedPlace } from './place-dialog';
export { PlaceListPage, type PlaceListPageProps } from './place-list-page';
