import type SvgIcon from '@mui/material/SvgIcon';
import AccidentIcon from '@mui/icons-material/CarCrashOutlined';
import AdminsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AiIcon from '@mui/icons-material/AutoAwesomeOutlined';
import AnalyticsIcon from '@mui/icons-material/BarChartOutlined';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import ApiIcon from '@mui/icons-material/ApiOutlined';
import ApprovalsIcon from '@mui/icons-material/FactCheckOutlined';
import ChangeVehicleIcon from '@mui/icons-material/SwapHorizOutlined';
import CrmIcon from '@mui/icons-material/ContactsOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import DestinationsIcon from '@mui/icons-material/PlaceOutlined';
import DriversIcon from '@mui/icons-material/BadgeOutlined';
import ExceptionsIcon from '@mui/icons-material/ReportProblemOutlined';
import FinesIcon from '@mui/icons-material/ReceiptLongOutlined';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import LandingIcon from '@mui/icons-material/WebOutlined';
import MaintenanceIcon from '@mui/icons-material/BuildOutlined';
import OriginsIcon from '@mui/icons-material/WarehouseOutlined';
import PlanTripsIcon from '@mui/icons-material/AltRouteOutlined';
import PushNotificationsIcon from '@mui/icons-material/CampaignOutlined';
import RefuelIcon from '@mui/icons-material/LocalGasStationOutlined';
import ReportsIcon from '@mui/icons-material/AssessmentOutlined';
import ScheduledTripsIcon from '@mui/icons-material/EventRepeatOutlined';
import StudentsIcon from '@mui/icons-material/SchoolOutlined';
import SuperAdminsIcon from '@mui/icons-material/SupervisorAccountOutlined';
import TripTypesIcon from '@mui/icons-material/CategoryOutlined';
import TripsIcon from '@mui/icons-material/RouteOutlined';
import VehiclesAnalyticsIcon from '@mui/icons-material/InsightsOutlined';
import VehiclesIcon from '@mui/icons-material/LocalShippingOutlined';
import type { MenuGroupId, MenuLinkId } from './build-menu';

type IconComponent = typeof SvgIcon;

/**
 * Icons of the top-level entries; links inside a group have none. Kept apart from buildMenu so the
 * menu definition stays plain data.
 */
export const MENU_ICONS: Partial<Record<MenuLinkId | MenuGroupId, IconComponent>> = {
  dashboard: DashboardIcon,
  trips: TripsIcon,
  tripPlanning: PlanTripsIcon,
  vehicles: VehiclesIcon,
  maintenance: MaintenanceIcon,
  vehiclesAnalytics: VehiclesAnalyticsIcon,
  students: StudentsIcon,
  drivers: DriversIcon,
  origins: OriginsIcon,
  destinations: DestinationsIcon,
  scheduledTrips: ScheduledTripsIcon,
  tripTypes: TripTypesIcon,
  refuel: RefuelIcon,
  ai: AiIcon,
  accidents: AccidentIcon,
  fines: FinesIcon,
  analytics: AnalyticsIcon,
  reports: ReportsIcon,
  changeVehicleRequests: ChangeVehicleIcon,
  approvals: ApprovalsIcon,
  exceptions: ExceptionsIcon,
  api: ApiIcon,
  admins: AdminsIcon,
  pushNotifications: PushNotificationsIcon,
  superAdmins: SuperAdminsIcon,
  contentBlog: ArticleIcon,
  contentLanding: LandingIcon,
  contentInbox: InboxIcon,
  crm: CrmIcon,
};
