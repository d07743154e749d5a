package api

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"
)

const (
	// Vite names files under assets/ by content hash: they never change.
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheShort     = "public, max-age=3600"
	c24h           = "public, max-age=86400"
	// index.html names the current hashed assets, so it is always revalidated.
	cacheNone = "no-cache"
)

// revalidated are built files under fixed names whose change must reach a
// phone on its next load: the service worker (an hour-old copy would keep
// the previous build's caching rules and files) and the web app manifests.
var revalidated = map[string]bool{"sw.js": true, "manifest.en.webmanifest": true, "manifest.my.webmanifest": true}

// contentTypes the system's MIME table may lack.
var contentTypes = map[string]string{".webmanifest": "application/manifest+json"}

type staticFile struct {
	body        []byte
	contentType string
	etag        string
	// encodings holds the compressed forms by Content-Encoding, for text
	// files only (static_encoding.go).
	encodings map[string]encoded
}

// staticFiles is a read-only file tree held in memory: the embedded build is
// small, and serving from a map keeps each request to a lookup.
type staticFiles map[string]staticFile

func loadStatic(fsys fs.FS) (staticFiles, error) {
	files := staticFiles{}
	if fsys == nil {
		return files, nil
	}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		body, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		ctype := contentTypes[path.Ext(p)]
		if ctype == "" {
			ctype = mime.TypeByExtension(path.Ext(p))
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		file, err := newStaticFile(body, ctype)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		files[p] = file
		return nil
	})
	return files, err
}

func newStaticFile(body []byte, contentType string) (staticFile, error) {
	sum := sha256.Sum256(body)
	file := staticFile{body: body, contentType: contentType, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
	if compressible(contentType) {
		var err error
		if file.encodings, err = compress(body, file.etag); err != nil {
			return staticFile{}, err
		}
	}
	return file, nil
}

func (f staticFiles) send(c *fiber.Ctx, file staticFile, cacheControl string) error {
	body, etag := file.body, file.etag
	if len(file.encodings) > 0 {
		c.Vary(fiber.HeaderAcceptEncoding)
		if enc := acceptedEncoding(c.Get(fiber.HeaderAcceptEncoding), file.encodings); enc != "" {
			body, etag = file.encodings[enc].body, file.encodings[enc].etag
			c.Set(fiber.HeaderContentEncoding, enc)
		}
	}
	c.Set(fiber.HeaderCacheControl, cacheControl)
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	if c.Get(fiber.HeaderIfNoneMatch) == etag {
		c.Response().Header.Del(fiber.HeaderContentEncoding)
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, file.contentType)
	return c.Send(body)
}

// handler serves files under the route's wildcard, 404 for anything else.
func (f staticFiles) handler(cacheControl string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		file, ok := f[strings.TrimPrefix(path.Clean("/"+c.Params("*")), "/")]
		if !ok {
			return fiber.ErrNotFound
		}
		return f.send(c, file, cacheControl)
	}
}

// spa serves built files as they are and index.html for every other path,
// so client routes such as /home or /detail/… load the app. personal gives
// index.html for the request at hand (the build's, or one made for it).
func (f staticFiles) spa(personal func(c *fiber.Ctx, index staticFile) staticFile) fiber.Handler {
	return func(c *fiber.Ctx) error {
		name := strings.TrimPrefix(path.Clean("/"+c.Params("*")), "/")
		if file, ok := f[name]; ok && name != "index.html" {
			cache := cacheShort
			if strings.HasPrefix(name, "assets/") {
				cache = cacheImmutable
			} else if revalidated[name] {
				cache = cacheNone
			}
			return f.send(c, file, cache)
		}
		// A missing hashed asset is a stale tab after a deploy: answering
		// with HTML would be parsed as JS and fail obscurely.
		if strings.HasPrefix(name, "assets/") {
			return fiber.ErrNotFound
		}
		index, ok := f["index.html"]
		if !ok {
			c.Set(fiber.HeaderCacheControl, cacheNone)
			return c.Status(fiber.StatusServiceUnavailable).
				SendString("The web app is not built into this binary. Run `make run`, or `npm run build` in web/ before `go build`.")
		}
		return f.send(c, personal(c, index), cacheNone)
	}
}
