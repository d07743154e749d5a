package images

import "encoding/binary"

// webpSize reads the canvas size from a WebP's first chunk (VP8, VP8L or
// VP8X) after checking the RIFF header against the file's length.
func webpSize(b []byte) (int, int, error) {
	if len(b) < 30 && !(len(b) >= 25 && string(b[12:16]) == "VP8L") {
		return 0, 0, ErrUnsupported
	}
	if string(b[0:4]) != "RIFF" || string(b[8:12]) != "WEBP" {
		return 0, 0, ErrUnsupported
	}
	if riff := binary.LittleEndian.Uint32(b[4:8]); int64(riff)+8 != int64(len(b)) {
		return 0, 0, ErrUnsupported
	}
	chunk := b[12:16]
	switch string(chunk) {
	case "VP8 ":
		// Frame tag (3 bytes), start code 9d 01 2a, then 14-bit sizes.
		if b[23] != 0x9d || b[24] != 0x01 || b[25] != 0x2a {
			return 0, 0, ErrUnsupported
		}
		w := int(binary.LittleEndian.Uint16(b[26:28]) & 0x3fff)
		h := int(binary.LittleEndian.Uint16(b[28:30]) & 0x3fff)
		return w, h, nil
	case "VP8L":
		if b[20] != 0x2f {
			return 0, 0, ErrUnsupported
		}
		bits := binary.LittleEndian.Uint32(b[21:25])
		return int(bits&0x3fff) + 1, int((bits>>14)&0x3fff) + 1, nil
	case "VP8X":
		w := int(uint32(b[24])|uint32(b[25])<<8|uint32(b[26])<<16) + 1
		h := int(uint32(b[27])|uint32(b[28])<<8|uint32(b[29])<<16) + 1
		return w, h, nil
	}
	return 0, 0, ErrUnsupported
}
