// The not-found illustration (SPEC §2 "an image"): a folded map whose dashed route ends at a
// question mark. Its accessible name comes from the caller.
export const LostMap = ({ label }: { label: string }) => (
  <svg
    className="not-found__image"
    role="img"
    aria-label={label}
    viewBox="0 0 240 160"
    width="240"
    height="160"
  >
    <polygon
      points="20,30 85,15 155,30 220,15 220,135 155,150 85,135 20,150"
      fill="#e8eef8"
      stroke="#0b3d91"
      strokeWidth="3"
      strokeLinejoin="round"
    />
    <line x1="85" y1="15" x2="85" y2="135" stroke="#0b3d91" strokeWidth="2" opacity="0.5" />
    <line x1="155" y1="30" x2="155" y2="150" stroke="#0b3d91" strokeWidth="2" opacity="0.5" />
    <path
      d="M40 125 C 70 95, 60 70, 100 75 S 140 110, 165 70"
      fill="none"
      stroke="#b3261e"
      strokeWidth="3"
      strokeDasharray="7 6"
      strokeLinecap="round"
    />
    <circle cx="40" cy="125" r="6" fill="#0b6b2c" />
    <path d="M180 82 c -14 -16 -14 -40 8 -44 c 22 4 22 28 8 44 l -8 10 z" fill="#0b3d91" />
    <text
      x="188"
      y="70"
      textAnchor="middle"
      fontSize="26"
      fontWeight="700"
      fill="#fff"
      fontFamily="Georgia, serif"
    >
      ?
    </text>
  </svg>
);
