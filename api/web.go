package api

import (
	"crypto/sha256"
	"encoding/hex"
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

type staticFile struct {
	body        []byte
	contentType string
	etag        string
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
		ctype := mime.TypeByExtension(path.Ext(p))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		sum := sha256.Sum256(body)
		files[p] = staticFile{body: body, contentType: ctype, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	return files, err
}

func (f staticFiles) send(c *fiber.Ctx, file staticFile, cacheControl string) error {
	c.Set(fiber.HeaderCacheControl, cacheControl)
	c.Set(fiber.HeaderETag, file.etag)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	if c.Get(fiber.HeaderIfNoneMatch) == file.etag {
		return c.SendStatus(fiber.StatusNotModified)
	}
	c.Set(fiber.HeaderContentType, file.contentType)
	return c.Send(file.body)
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
// so client routes such as /home or /detail/… load the app.
func (f staticFiles) spa() fiber.Handler {
	return func(c *fiber.Ctx) error {
		name := strings.TrimPrefix(path.Clean("/"+c.Params("*")), "/")
		if file, ok := f[name]; ok && name != "index.html" {
			cache := cacheShort
			if strings.HasPrefix(name, "assets/") {
				cache = cacheImmutable
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
		return f.send(c, index, cacheNone)
	}
}
