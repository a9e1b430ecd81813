/** A colour per unit (the grid's own colour first). The map itself is components/city-map. */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#2f54eb'];
export const unitColour = (unitId: number | null, own?: string | null) =>
  own || (unitId === null ? '#8c8c8c' : PALETTE[unitId % PALETTE.length]);
