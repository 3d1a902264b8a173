@tool
extends RefCounted
## A multipart/form-data body built by hand: HTTPRequest sends bytes as given (request_raw), and
## Godot has no form encoder. Every spritekiln job endpoint takes this format, files as file parts.

var boundary: String
var _body := PackedByteArray()


func _init() -> void:
	# 128 random bits: the chance that a file happens to contain the boundary line is negligible,
	# so the body is not scanned for it.
	boundary = "----spritekiln" + Crypto.new().generate_random_bytes(16).hex_encode()


## The Content-Type header value that goes with this body.
func content_type() -> String:
	return "multipart/form-data; boundary=" + boundary


func add_field(name: String, value: String) -> void:
	_head('form-data; name="%s"' % _quote(name), "")
	_body.append_array(value.to_utf8_buffer())
	_body.append_array("\r\n".to_ascii_buffer())


func add_file(name: String, filename: String, data: PackedByteArray, mime := "application/octet-stream") -> void:
	_head('form-data; name="%s"; filename="%s"' % [_quote(name), _quote(filename)], mime)
	_body.append_array(data)
	_body.append_array("\r\n".to_ascii_buffer())


## The finished body (the closing boundary appended); call once.
func finish() -> PackedByteArray:
	_body.append_array(("--%s--\r\n" % boundary).to_ascii_buffer())
	return _body


func _head(disposition: String, mime: String) -> void:
	var head := "--%s\r\nContent-Disposition: %s\r\n" % [boundary, disposition]
	if mime != "":
		head += "Content-Type: %s\r\n" % mime
	_body.append_array((head + "\r\n").to_utf8_buffer())


## Names and file names are quoted strings: escaped the way browsers do (WHATWG), so a quote or a
## line break in a file name cannot end the header early.
static func _quote(s: String) -> String:
	return s.replace("\r", "%0D").replace("\n", "%0A").replace('"', "%22")


## The MIME type of image bytes, from their first bytes (the server decides by content too).
static func sniff_mime(data: PackedByteArray) -> String:
	if data.size() >= 8 and data[0] == 0x89 and data[1] == 0x50 and data[2] == 0x4E and data[3] == 0x47:
		return "image/png"
	if data.size() >= 3 and data[0] == 0xFF and data[1] == 0xD8 and data[2] == 0xFF:
		return "image/jpeg"
	if data.size() >= 6 and data.slice(0, 4).get_string_from_ascii() == "GIF8":
		return "image/gif"
	if data.size() >= 12 and data.slice(0, 4).get_string_from_ascii() == "RIFF" and data.slice(8, 12).get_string_from_ascii() == "WEBP":
		return "image/webp"
	return "application/octet-stream"
