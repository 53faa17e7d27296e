// Command multipartform writes a multipart form with a field and a file,
// as web frameworks' tests build upload requests (echo's
// TestBindMultipartForm), and parses it back with net/http.
package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
)

func main() {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fmt.Println(len(w.Boundary()))
	_ = w.WriteField("name", "gopher")
	fw, err := w.CreateFormFile("upload", "notes.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, _ = io.WriteString(fw, "hello, files")
	fmt.Println(w.Close(), strings.Count(body.String(), w.Boundary()))

	req, _ := http.NewRequest(http.MethodPost, "/upload", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	if err := req.ParseMultipartForm(1 << 20); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(req.FormValue("name"))
	f, h, err := req.FormFile("upload")
	if err != nil {
		fmt.Println(err)
		return
	}
	data, _ := io.ReadAll(f)
	fmt.Println(h.Filename, h.Size, string(data))

	r := multipart.NewReader(strings.NewReader("--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--xyz--\r\n"), "xyz")
	p, err := r.NextPart()
	fmt.Println(p.FormName(), err)
	v, _ := io.ReadAll(p)
	fmt.Println(string(v))
	_, err = r.NextPart()
	fmt.Println(err)
}
