package i18n

import "encoding/json"

//go:generate go run ../../cmd/i18ncodes -o ../../web/src/locales/server-codes.json

// CodeList is the generated list as written to
// web/src/locales/server-codes.json: every code and its parameters.
func CodeList() ([]byte, error) {
	data, err := json.MarshalIndent(All(), "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
