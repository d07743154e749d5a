// Command i18ncodes writes the list of every code the server can answer
// with (internal/i18n's catalogue) and the parameters each takes, for the
// web app's locale check: go generate ./internal/i18n.
package main

import (
	"flag"
	"log"
	"os"

	"topup/internal/i18n"
)

func main() {
	out := flag.String("o", "web/src/locales/server-codes.json", "file to write")
	flag.Parse()
	data, err := i18n.CodeList()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		log.Fatal(err)
	}
}
