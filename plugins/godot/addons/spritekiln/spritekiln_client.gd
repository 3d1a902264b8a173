@tool
class_name SpritekilnClient
extends Node
## Speaks the spritekiln HTTP API from Godot: list the job kinds (the server's /openapi.json), create
## a job (multipart upload), wait for it (long-polling `?wait=`), download its files into the project,
## read the account. The editor dock uses it, and so can a game's own tool scripts:
##
##     var client := SpritekilnClient.new()
##     client.base_url = "http://127.0.0.1:8787"
##     client.api_key = "sk_..."
##     add_child(client)  # HTTPRequest nodes only run inside the scene tree
##     var id := await client.create_job("zenith", {"mode": "image_to_video", "text": "jump", "frame": 36}, {"images": "res://hero.png"})
##     var job := await client.wait_job(id)
##     var files := await client.download(job, "res://spritekiln/" + id)
##
## Calls never raise: on failure they return "" / {} / [] and set `last_error` (a message that says
## what to fix) and `last_status` (the HTTP status, 0 when there was no answer), and emit `failed`.

## A job was accepted by the server.
signal job_created(job_id: String)
## A Pending answer while waiting; fraction is the server's `progress` (0..1).
signal progress(job_id: String, fraction: float)
## The job left Pending (status Succeed or Failed).
signal job_finished(job: Dictionary)
## A call failed; the message is also in `last_error`.
signal failed(message: String)

const Multipart := preload("multipart.gd")
const SpriteFramesText := preload("sprite_frames_text.gd")
const OpenApiKinds := preload("openapi_kinds.gd")

## result code of a request stopped by cancel() (HTTPRequest's own codes are >= 0).
const RESULT_CANCELLED := -1
## Waits after transient failures (no answer, 5xx, 429), seconds; then wait_job gives up.
const BACKOFF := [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0]
## The file the server writes beside sheet.json for Godot (sheet.json `meta.exports.godot`).
const SPRITE_FRAMES_FILE := "sprite_frames.tres"
## Where results go by default: res://spritekiln/<job_id>/ (one folder a job, never reused).
const RESULTS_DIR := "res://spritekiln"

## e.g. http://127.0.0.1:8787 (no /public/v1).
@export var base_url := "http://127.0.0.1:8787"
@export var api_key := ""
## Long-poll length of each status request; the server caps it at 30.
@export_range(1, 30) var poll_seconds := 10
## Timeout of uploads and downloads, seconds.
@export var request_timeout := 120.0

var last_error := ""
var last_status := 0

## cancel() bumps this: waits and downloads started under an older epoch stop.
var _epoch := 0
var _calls: Array[_Call] = []
## job_kinds() of the server at _kinds_url, read from its /openapi.json once (and again on refresh).
var _kinds := []
var _kinds_url := ""


## One HTTP exchange in flight; `done` fires once, with cancel() too (HTTPRequest itself stays
## silent when its request is cancelled, which would leave an await hanging).
class _Call extends RefCounted:
	signal done
	var http: HTTPRequest
	var finished := false
	var response := {}

	func _init(node: HTTPRequest) -> void:
		http = node

	func finish(result: int, status := 0, body := PackedByteArray()) -> void:
		if finished:
			return
		finished = true
		response = {"result": result, "status": status, "body": body}
		done.emit()


## {"user_id", "name", "credits"}, or {} on failure.
func account() -> Dictionary:
	var res := await _api(HTTPClient.METHOD_GET, "/account")
	return res.data if res.ok else {}


## The job kinds the server offers, read from its /openapi.json (openapi_kinds.gd says how):
## [{"kind", "label", "path", "fields"}], or [] on failure (see last_error). The document is fetched
## once per base_url; refresh fetches it again (a restarted server may offer other kinds).
func job_kinds(refresh := false) -> Array:
	var base := _base()
	if refresh or _kinds_url != base:
		# The document is public: no key, and no /public/v1 prefix.
		var r := await _send(base + "/openapi.json", HTTPClient.METHOD_GET, PackedStringArray(), PackedByteArray(), 30.0)
		last_status = r.status
		if r.result == RESULT_CANCELLED:
			last_error = "Cancelled"
			return []
		if r.result != HTTPRequest.RESULT_SUCCESS:
			_error(_no_answer(r.result, 30.0))
			return []
		var doc: Variant = JSON.parse_string(r.body.get_string_from_utf8()) if r.status == 200 else null
		if not (doc is Dictionary and doc.get("paths") is Dictionary):
			_error("%s/openapi.json answered %d without an OpenAPI document: is it a spritekiln server?" % [base, r.status])
			return []
		_kinds = OpenApiKinds.from_document(doc)
		_kinds_url = base
	last_error = ""
	return _kinds.duplicate(true)


## Says exactly what is wrong with the server URL and key, or who the key belongs to.
## Returns {"ok": bool, "message": String, "account": Dictionary}.
func check_connection() -> Dictionary:
	var res := await _api(HTTPClient.METHOD_GET, "/account")
	if not res.ok:
		return {"ok": false, "message": last_error, "account": {}}
	var who: Dictionary = res.data
	var message := "Connected to %s as %s: %d credits" % [_base(), who.get("name", "?"), int(who.get("credits", 0))]
	return {"ok": true, "message": message, "account": who}


## Creates a job and returns its id as soon as the server accepted it ("" on failure).
## kind: a job kind the server lists (its /openapi.json `x-job-kind`: "zenith", "make-sprite/v2",
## "effect/v2"...; job_kinds() has them all), or a path under /public/v1 like "/sprite/zenith".
## fields: name -> String, int, float, bool, or Array/Dictionary (sent as JSON, e.g. overlay `rows`,
## `sprite_grid`). files: name -> one file or an Array of files (repeated field); a file is a path
## ("res://hero.png"), a Texture2D, an Image, raw PackedByteArray, or {"name": String, "data": PackedByteArray}.
func create_job(kind: String, fields: Dictionary = {}, files: Dictionary = {}) -> String:
	var path := kind
	if not kind.begins_with("/"):
		path = await _path_of(kind)
		if path == "":
			return ""
	var form := Multipart.new()
	for name in fields:
		var value: Variant = fields[name]
		if value == null:
			continue
		if value is Array or value is Dictionary:
			form.add_field(name, JSON.stringify(value))
		elif value is bool:
			form.add_field(name, "true" if value else "false")
		else:
			form.add_field(name, str(value))
	for name in files:
		var given: Variant = files[name]
		var list: Array = Array(given) if given is PackedStringArray else (given if given is Array else [given])
		for item in list:
			var part := file_part(item)
			if part.has("error"):
				return _error("%s: %s" % [name, part.error])
			form.add_file(name, part.name, part.data, Multipart.sniff_mime(part.data))
	var headers := PackedStringArray(["Content-Type: " + form.content_type()])
	var res := await _api(HTTPClient.METHOD_POST, path, headers, form.finish(), request_timeout)
	if not res.ok:
		return ""
	var job_id := str(res.data.get("job_id", ""))
	job_created.emit(job_id)
	return job_id


## The job's current state: {"job_id", "status", "image_urls", "progress"?, "error"?, "metadata_url"?},
## or {} on failure. wait_seconds > 0 long-polls: the answer comes when the job finishes or then.
func job(job_id: String, wait_seconds := 0) -> Dictionary:
	var query := "?wait=%d" % mini(wait_seconds, 30) if wait_seconds > 0 else ""
	var res := await _api(HTTPClient.METHOD_GET, "/job/%s%s" % [job_id.uri_encode(), query], PackedStringArray(), PackedByteArray(), wait_seconds + 30.0)
	return res.data if res.ok else {}


## Waits until the job leaves Pending and returns it (status Succeed or Failed; a Failed job also
## sets last_error to its `error`). Returns {} when cancelled or on an error that will not go away
## by waiting (401, 404...). No answer, 5xx and 429 are retried with backoff (BACKOFF).
func wait_job(job_id: String) -> Dictionary:
	var epoch := _epoch
	var failures := 0
	while true:
		var query := "/job/%s?wait=%d" % [job_id.uri_encode(), poll_seconds]
		var res := await _api(HTTPClient.METHOD_GET, query, PackedStringArray(), PackedByteArray(), poll_seconds + 30.0)
		if epoch != _epoch:
			return _cancelled()
		if not res.ok:
			var transient: bool = res.result != HTTPRequest.RESULT_SUCCESS or res.status >= 500 or res.status == 429
			if res.result == RESULT_CANCELLED or not transient or failures >= BACKOFF.size():
				return {}
			await get_tree().create_timer(BACKOFF[failures]).timeout
			failures += 1
			if epoch != _epoch:
				return _cancelled()
			continue
		failures = 0
		var state: Dictionary = res.data
		match str(state.get("status", "")):
			"Pending":
				progress.emit(job_id, float(state.get("progress", 0.0)))
			"Succeed":
				job_finished.emit(state)
				return state
			"Failed":
				last_status = 200
				last_error = "Job %s failed: %s" % [job_id, state.get("error", "Failed")]
				job_finished.emit(state)
				failed.emit(last_error)
				return state
			_:
				_error("%s answered an unknown job status: %s" % [_base(), JSON.stringify(state)])
				return {}
	return {}


## Downloads a finished job into `dir` (e.g. "res://spritekiln/<job_id>"): every image_urls file,
## sheet.json, the sheet image it names, and every engine export it lists in `meta.exports`
## (sprite_frames.tres, pack.json). When the server lists no Godot export, sprite_frames.tres is
## written from sheet.json here, so a sheet job always ends as a SpriteFrames. Returns the paths
## written, [] on failure. Result files are fetched without the API key: their URLs are capabilities
## and may point at another host (SPRITEKILN_CDN_URL), which must not see the key.
func download(job_state: Dictionary, dir: String) -> PackedStringArray:
	var epoch := _epoch
	var written := PackedStringArray()
	var err := DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(dir))
	if err != OK:
		_error("Cannot create %s: %s" % [dir, error_string(err)])
		return written
	var urls: Array[String] = []
	for url in job_state.get("image_urls", []):
		urls.append(str(url))
	var sheet := {}
	var metadata_url := str(job_state.get("metadata_url", ""))
	if metadata_url != "":
		var res := await _fetch(metadata_url)
		if epoch != _epoch:
			return _cancelled_files()
		if res.is_empty():
			return written
		var parsed: Variant = JSON.parse_string(res.body.get_string_from_utf8())
		if parsed is Dictionary:
			sheet = parsed
		if not _save(dir, metadata_url, res.body, written):
			return PackedStringArray()
		var base := metadata_url.substr(0, metadata_url.rfind("/") + 1)
		var meta: Dictionary = sheet.get("meta", {})
		var exports: Dictionary = meta.get("exports", {})
		# meta.image too: make-sprite lists the GIF and frames in image_urls, not the sheet the
		# SpriteFrames points at.
		for file in [meta.get("image", "")] + exports.values():
			if str(file) != "" and not urls.has(base + str(file)):
				urls.append(base + str(file))
	for url in urls:
		var res := await _fetch(url)
		if epoch != _epoch:
			return _cancelled_files()
		if res.is_empty() or not _save(dir, url, res.body, written):
			return PackedStringArray()
	var tres := dir.path_join(SPRITE_FRAMES_FILE)
	if not sheet.is_empty() and not written.has(tres):
		var built := SpriteFramesText.from_sheet_json(sheet)
		if built.text != "":
			var f := FileAccess.open(tres, FileAccess.WRITE)
			if f == null:
				_error("Cannot write %s: %s" % [tres, error_string(FileAccess.get_open_error())])
				return PackedStringArray()
			f.store_string(built.text)
			f.close()
			written.append(tres)
	return written


## create_job + wait_job + download into dir (default res://spritekiln/<job_id>). Returns the
## finished job with "dir" and "files" added, or {} (see last_error).
func run_job(kind: String, fields: Dictionary = {}, files: Dictionary = {}, dir := "") -> Dictionary:
	var job_id := await create_job(kind, fields, files)
	if job_id == "":
		return {}
	var state := await wait_job(job_id)
	if state.is_empty() or state.get("status") != "Succeed":
		return {}
	var target := dir if dir != "" else RESULTS_DIR.path_join(job_id)
	var written := await download(state, target)
	if written.is_empty():
		return {}
	state["dir"] = target
	state["files"] = written
	return state


## Stops every request in flight and every wait_job/download loop of this client. Jobs already
## accepted keep running on the server (the API has no cancel; credits were charged on creation).
func cancel() -> void:
	_epoch += 1
	for c in _calls.duplicate():
		c.http.cancel_request()
		c.finish(RESULT_CANCELLED)


## A file argument of create_job as {"name", "data"}, or {"error": String}.
static func file_part(item: Variant) -> Dictionary:
	if item is String:
		var path: String = item
		if not FileAccess.file_exists(path):
			return {"error": "no file at %s" % path}
		return {"name": path.get_file(), "data": FileAccess.get_file_as_bytes(path)}
	if item is PackedByteArray:
		return {"name": "upload" + _extension(item), "data": item}
	if item is Dictionary and item.has("data"):
		return {"name": str(item.get("name", "upload")), "data": item.data}
	if item is Texture2D or item is Image:
		var image: Image = item.get_image() if item is Texture2D else item
		if image == null:
			return {"error": "the texture has no image data"}
		if image.is_compressed():
			image = image.duplicate()
			image.decompress()
		var name := "texture.png"
		if item is Resource and item.resource_path.is_absolute_path() and not item.resource_path.contains("::"):
			name = item.resource_path.get_file().get_basename() + ".png"
		return {"name": name, "data": image.save_png_to_buffer()}
	return {"error": "expected a path, Texture2D, Image or PackedByteArray but received %s" % type_string(typeof(item))}


## The spec's `detail` as one line: a message as is, a 422 list as "field: message; ...".
static func describe_detail(detail: Variant) -> String:
	if detail is String:
		return detail
	if detail is Array:
		var parts := PackedStringArray()
		for d in detail:
			if d is Dictionary:
				var loc := PackedStringArray()
				for p in d.get("loc", []):
					if str(p) != "body":
						loc.append(str(p))
				parts.append("%s: %s" % [".".join(loc), d.get("msg", "")])
		return "; ".join(parts)
	return JSON.stringify(detail)


## The path under /public/v1 of a job kind the server lists, or "" (last_error says why).
func _path_of(kind: String) -> String:
	var kinds := await job_kinds()
	if kinds.is_empty() and last_error != "":
		return ""
	var names := PackedStringArray()
	for k in kinds:
		if k.kind == kind:
			return k.path
		names.append(k.kind)
	return _error("Unknown job kind '%s': %s offers %s" % [kind, _base(), ", ".join(names)])


func _base() -> String:
	return base_url.strip_edges().trim_suffix("/")


## An API call: {"ok", "status", "result", "data"}; on failure last_error says what to fix.
func _api(method: int, path: String, headers := PackedStringArray(), body := PackedByteArray(), timeout := 30.0) -> Dictionary:
	var all := PackedStringArray(["Authorization: Bearer " + api_key.strip_edges()])
	all.append_array(headers)
	var url := _base() + "/public/v1" + path
	var r := await _send(url, method, all, body, timeout)
	var out := {"ok": false, "status": r.status, "result": r.result, "data": null}
	last_status = r.status
	if r.result == RESULT_CANCELLED:
		last_error = "Cancelled"
		return out
	if r.result != HTTPRequest.RESULT_SUCCESS:
		_error(_no_answer(r.result, timeout))
		return out
	var parsed: Variant = JSON.parse_string(r.body.get_string_from_utf8()) if r.body.size() > 0 else null
	if r.status >= 200 and r.status < 300 and parsed is Dictionary:
		out.ok = true
		out.data = parsed
		last_error = ""
		return out
	var detail: Variant = parsed.get("detail") if parsed is Dictionary and parsed.has("detail") else null
	if detail == null:
		_error("%s answered %d without a spritekiln error body: is it a spritekiln server?" % [_base(), r.status])
	elif r.status == 401:
		_error("The API key was refused (%s): set spritekiln/api_key to the key in the server's data/api-key.txt" % describe_detail(detail))
	elif r.status == 404 and str(detail) == "Not Found User":
		_error("The key's user is disabled (Not Found User): use the key of an active user")
	else:
		_error("%d: %s" % [r.status, describe_detail(detail)])
	return out


## A result file by absolute URL: {"body"} or {} on failure.
func _fetch(url: String) -> Dictionary:
	var r := await _send(url, HTTPClient.METHOD_GET, PackedStringArray(), PackedByteArray(), request_timeout)
	last_status = r.status
	if r.result == RESULT_CANCELLED:
		return _cancelled()
	if r.result != HTTPRequest.RESULT_SUCCESS:
		_error("Download of %s failed: %s" % [url, _no_answer(r.result, request_timeout)])
		return {}
	if r.status != 200:
		_error("Download of %s failed: %d" % [url, r.status])
		return {}
	return {"body": r.body}


func _send(url: String, method: int, headers: PackedStringArray, body: PackedByteArray, timeout: float) -> Dictionary:
	if not is_inside_tree():
		push_error("SpritekilnClient must be in the scene tree (add_child it) before it can send requests")
		return {"result": HTTPRequest.RESULT_CANT_CONNECT, "status": 0, "body": PackedByteArray()}
	var http := HTTPRequest.new()
	http.timeout = timeout
	add_child(http)
	var c := _Call.new(http)
	_calls.append(c)
	http.request_completed.connect(func(result: int, status: int, _h: PackedStringArray, data: PackedByteArray) -> void: c.finish(result, status, data))
	var err := http.request_raw(url, headers, method, body)
	if err != OK:
		c.finish(HTTPRequest.RESULT_CANT_CONNECT)
	if not c.finished:
		await c.done
	_calls.erase(c)
	http.queue_free()
	return c.response


## Why no HTTP answer came, as the dock shows it.
func _no_answer(result: int, timeout: float) -> String:
	if result == HTTPRequest.RESULT_TIMEOUT:
		return "%s did not answer within %d s" % [_base(), int(timeout)]
	if result == HTTPRequest.RESULT_BODY_SIZE_LIMIT_EXCEEDED:
		return "the answer from %s was too large" % _base()
	return "Cannot reach %s: is `npm start` running?" % _base()


## Writes one downloaded file into dir, named after the URL's last segment.
func _save(dir: String, url: String, data: PackedByteArray, written: PackedStringArray) -> bool:
	var name := url.get_slice("?", 0).get_file().uri_decode()
	if name == "" or name == "." or name == ".." or name.contains("/") or name.contains("\\"):
		_error("Refusing to save %s: not a plain file name" % url)
		return false
	var path := dir.path_join(name)
	var f := FileAccess.open(path, FileAccess.WRITE)
	if f == null:
		_error("Cannot write %s: %s" % [path, error_string(FileAccess.get_open_error())])
		return false
	f.store_buffer(data)
	f.close()
	if not written.has(path):
		written.append(path)
	return true


func _error(message: String) -> String:
	last_error = message
	failed.emit(message)
	return ""


func _cancelled() -> Dictionary:
	last_error = "Cancelled"
	return {}


func _cancelled_files() -> PackedStringArray:
	last_error = "Cancelled"
	return PackedStringArray()


static func _extension(data: PackedByteArray) -> String:
	match Multipart.sniff_mime(data):
		"image/png":
			return ".png"
		"image/jpeg":
			return ".jpg"
		"image/gif":
			return ".gif"
		"image/webp":
			return ".webp"
	return ""
