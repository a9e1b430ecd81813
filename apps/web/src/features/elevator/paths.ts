/** Route paths of the elevator pages (spelling from the menu catalogue). */
export const ELEVATOR_PATHS = {
  management: '/basicInformation/theElevatorManagement',
  ledger: '/basicInformation/thelEevatorList',
  myElevators: '/basicInformation/userMyTheElevator',
  unitElevators: '/basicInformation/myTheElevator',
  detail: '/basicInformation/elevatorPageDetails',
  maintenanceClaim: '/basicInformation/elevatorMaintenance',
  maintenanceHistory: '/basicInformation/maintenanceHistory',
  useClaim: '/basicInformation/useTheElevator',
  useClaimRecords: '/basicInformation/theElevatorUsesClaim',
  regulationClaim: '/basicInformation/regulationClaim',
  regulationClaimManager: '/basicInformation/regulationClaimManager',
  regulationClaimDetail: '/basicInformation/regulationClaimDetail',
  sync: '/equ/manage',
} as const;

export const elevatorDetailUrl = (id: number) => `${ELEVATOR_PATHS.detail}?id=${id}`;
export const unitElevatorsUrl = (useCompanyId: number) =>
  `${ELEVATOR_PATHS.unitElevators}?id=${useCompanyId}`;
export const claimDetailUrl = (id: number) => `${ELEVATOR_PATHS.regulationClaimDetail}?id=${id}`;
