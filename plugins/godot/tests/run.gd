extends SceneTree
## Headless test runner, one process: `godot --headless --path <project> --script res://tests/run.gd`.
## SpritekilnClient against a real spritekiln server started by test/plugins/godot/godot.test.ts,
## which passes it in the environment:
##   SPRITEKILN_URL, SPRITEKILN_KEY        a running server and a key with credits
##   SPRITEKILN_DISABLED_KEY               a key whose user is disabled
##   SPRITEKILN_QUEUED_URL, _QUEUED_KEY    a server that keeps every job Pending (cancel, progress)
##   SPRITEKILN_DOWN_URL                   a port nothing listens on
## and writes res://tests/fixtures/*.png and res://builder_cases/<case>/ (sheet.png, sheet.json,
## sprite_frames.tres, expect.json). Prints "N passed, N failed" and quits non-zero on a failure.
## Never assert(): it stops a headless run waiting for a debugger.

const Client := preload("res://addons/spritekiln/spritekiln_client.gd")
const Multipart := preload("res://addons/spritekiln/multipart.gd")
const OpenApiKinds := preload("res://addons/spritekiln/openapi_kinds.gd")
const SpriteFramesText := preload("res://addons/spritekiln/sprite_frames_text.gd")

var passed := 0
var failed := 0
var env := {}
## Textures put in the resource cache by _load_sprite_frames stay referenced here.
var _keep: Array[Resource] = []


func _initialize() -> void:
	for name in ["SPRITEKILN_URL", "SPRITEKILN_KEY", "SPRITEKILN_DISABLED_KEY", "SPRITEKILN_QUEUED_URL", "SPRITEKILN_QUEUED_KEY", "SPRITEKILN_DOWN_URL"]:
		env[name] = OS.get_environment(name)
	_main()


func _main() -> void:
	await process_frame
	if env.SPRITEKILN_URL == "":
		print("SPRITEKILN_URL is not set: run this through test/plugins/godot/godot.test.ts")
		quit(2)
		return
	test_multipart_body()
	test_describe_detail()
	test_openapi_kinds()
	await test_connection_messages()
	await test_account()
	await test_job_kinds_from_the_server()
	await test_zenith_job_to_sprite_frames()
	await test_make_sprite_from_texture()
	await test_kind_only_the_document_names()
	await test_effect_without_files()
	await test_errors_carry_the_detail()
	await test_cancel_stops_waiting()
	test_builder_cases_load()
	test_builders_agree()
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 else 0)


func check(ok: bool, what: String) -> bool:
	if ok:
		passed += 1
		print("  ok   ", what)
	else:
		failed += 1
		print("  FAIL ", what)
	return ok


func section(title: String) -> void:
	print("- ", title)


func new_client(url: String = env.SPRITEKILN_URL, key: String = env.SPRITEKILN_KEY) -> Client:
	var client := Client.new()
	client.base_url = url
	client.api_key = key
	client.poll_seconds = 2
	root.add_child(client)
	return client


# --- cases ----------------------------------------------------------------------------------------

func test_multipart_body() -> void:
	section("multipart body built by hand")
	var form := Multipart.new()
	form.add_field("text", "jump")
	form.add_file("images", 'a"b.png', PackedByteArray([1, 2, 3]), "image/png")
	var body := form.finish()
	var b := form.boundary
	var expected := ("--%s\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\njump\r\n" % b).to_utf8_buffer()
	expected.append_array(("--%s\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a%%22b.png\"\r\nContent-Type: image/png\r\n\r\n" % b).to_utf8_buffer())
	expected.append_array(PackedByteArray([1, 2, 3]))
	expected.append_array(("\r\n--%s--\r\n" % b).to_utf8_buffer())
	check(body == expected, "fields, files and the closing boundary, quotes in file names escaped")
	check(form.content_type() == "multipart/form-data; boundary=" + b, "content type names the boundary")
	check(Multipart.new().boundary != b, "a fresh boundary per body")


func test_describe_detail() -> void:
	section("describe_detail")
	check(Client.describe_detail("frame should be one of 36, 100") == "frame should be one of 36, 100", "a message as is")
	var list := [{"loc": ["body", "mode"], "msg": "Field required"}, {"loc": ["body", "frame"], "msg": "Input should be a valid integer"}]
	check(Client.describe_detail(list) == "mode: Field required; frame: Input should be a valid integer", "a 422 list as field: message")


## A document with what the server's has ($refs, a deprecated twin, operations that are no job) and
## what it may have (descriptions, examples, a JSON field marked as such, 3.1 type lists), parsed
## from JSON text as the client does: numbers arrive as floats.
func test_openapi_kinds() -> void:
	section("openapi_kinds.gd: the kinds and fields of an OpenAPI document")
	var doc: Dictionary = JSON.parse_string("""{
		"paths": {
			"/healthz": {"get": {"summary": "Readiness"}},
			"/public/v1/thing/new/v1": {"post": {"x-job-kind": "new/v1", "summary": "Create a thing", "requestBody": {"$ref": "#/components/requestBodies/New"}}},
			"/public/v1/thing/new": {"post": {"x-job-kind": "new/v1", "deprecated": true, "requestBody": {"$ref": "#/components/requestBodies/New"}}},
			"/public/v1/jobs": {"get": {"summary": "The caller's jobs"}},
			"/public/v1/topup": {"post": {"summary": "Not a job", "requestBody": {"$ref": "#/components/requestBodies/New"}}},
			"/public/v1/bare/kind": {"post": {"x-job-kind": "bare", "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "properties": {}}}}}}},
			"/public/v1/json/kind": {"post": {"x-job-kind": "json", "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}}}},
			"/elsewhere/job": {"post": {"x-job-kind": "elsewhere", "requestBody": {"$ref": "#/components/requestBodies/New"}}}
		},
		"components": {
			"requestBodies": {"New": {"content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/NewForm"}}}}},
			"schemas": {
				"Binary": {"type": "string", "format": "binary"},
				"NewForm": {"type": "object", "required": ["image", "frame", "rows"], "properties": {
					"image": {"$ref": "#/components/schemas/Binary"},
					"refs": {"type": "array", "items": {"$ref": "#/components/schemas/Binary"}},
					"style": {"type": "string", "enum": ["a", "b"], "default": "a"},
					"frame": {"type": "integer", "enum": [25, 36]},
					"is_pixel": {"type": "boolean", "default": false},
					"rows": {"type": "string"},
					"grid": {"type": "string", "contentMediaType": "application/json"},
					"text": {"type": ["string", "null"], "description": "the motion", "examples": ["jump", "walk"]},
					"seed": {"type": "integer", "default": 7},
					"loop": {"$ref": "#/components/schemas/Missing"}
				}}
			}
		}
	}""")
	var kinds := OpenApiKinds.from_document(doc)
	var names := kinds.map(func(k: Dictionary) -> String: return k.kind)
	check(names == ["new/v1", "bare"], "POSTs under /public/v1 with x-job-kind and a form body, the deprecated twin left out, in the document's order: %s" % [names])
	if kinds.size() != 2:
		return
	check(kinds[0].label == "Create a thing" and kinds[0].path == "/thing/new/v1", "label from summary, path under /public/v1: %s %s" % [kinds[0].label, kinds[0].path])
	check(kinds[1].label == "bare / kind" and kinds[1].fields.is_empty(), "no summary: the path as label (%s)" % kinds[1].label)
	var fields := {}
	for f in kinds[0].fields:
		fields[f.name] = f
	var types := {}
	for name in fields:
		types[name] = fields[name].type
	var expected := {"image": "file", "refs": "files", "style": "enum", "frame": "int_enum", "is_pixel": "bool", "rows": "multiline", "grid": "multiline", "text": "text", "seed": "text", "loop": "text"}
	check(types == expected, "field types, $refs followed: %s" % [types])
	var required := fields.keys().filter(func(n: String) -> bool: return fields[n].required)
	check(required == ["image", "frame", "rows"], "required from the schema's list: %s" % [required])
	check(fields.frame.options == [25, 36] and fields.frame.options[0] is int, "an integer enum's options are ints: %s" % [fields.frame.options])
	check(fields.style.options == ["a", "b"] and fields.style.default == "a" and fields.is_pixel.default == false, "enum options and defaults")
	check(fields.seed.default is int and fields.seed.default == 7, "an integer default is an int")
	check(fields.text.get("hint") == "the motion; e.g. jump, walk", "hint from description and examples: %s" % fields.text.get("hint"))
	check(str(fields.rows.get("prefill", "")).begins_with("[{\"row\": 1"), "rows starts with an example list")
	check(OpenApiKinds.from_document({}).is_empty() and OpenApiKinds.from_document({"paths": "nope"}).is_empty(), "no paths: no kinds")


func test_connection_messages() -> void:
	section("connection check says exactly what is wrong")
	var ok := await new_client().check_connection()
	check(ok.ok and ok.message.begins_with("Connected to %s as " % env.SPRITEKILN_URL), "a good key: " + ok.message)
	var down := await new_client(env.SPRITEKILN_DOWN_URL).check_connection()
	check(not down.ok and down.message == "Cannot reach %s: is `npm start` running?" % env.SPRITEKILN_DOWN_URL, "server down: " + down.message)
	var bad := await new_client(env.SPRITEKILN_URL, "sk_not_a_key").check_connection()
	check(not bad.ok and bad.message.begins_with("The API key was refused"), "401: " + bad.message)
	var disabled := await new_client(env.SPRITEKILN_URL, env.SPRITEKILN_DISABLED_KEY).check_connection()
	check(not disabled.ok and disabled.message.begins_with("The key's user is disabled"), "404 Not Found User: " + disabled.message)


func test_account() -> void:
	section("account")
	var who := await new_client().account()
	check(who.has("user_id") and int(who.get("credits", -1)) > 0, "account() returns user_id and credits: %s" % JSON.stringify(who))


## The server's own document: make-sprite/v1 is a kind the plugin names nowhere.
func test_job_kinds_from_the_server() -> void:
	section("job_kinds: the server's /openapi.json")
	var client := new_client()
	var kinds := await client.job_kinds()
	var by_kind := {}
	var paths := []
	for k in kinds:
		by_kind[k.kind] = k
		paths.append(k.path)
	check(kinds.size() >= 10 and by_kind.size() == kinds.size(), "%d kinds, each once: %s" % [kinds.size(), by_kind.keys()])
	for twin in ["/generate/effect", "/sprite/character-overlay", "/sprite/make-sprite"]:
		check(not paths.has(twin), "the deprecated twin %s is not listed" % twin)
	var k: Dictionary = by_kind.get("make-sprite/v1", {})
	if not check(k.get("path") == "/sprite/make-sprite/v1", "make-sprite/v1 at /sprite/make-sprite/v1: %s" % [k]):
		return
	var types := {}
	for f in k.fields:
		types[f.name] = [f.type, f.required]
	check(types == {"image": ["file", true], "text": ["text", true], "frame": ["int_enum", true], "is_pixel": ["bool", true]}, "its fields: %s" % [types])
	check(k.fields[2].options == [25, 36, 49, 64, 81, 100, 121, 144, 169], "frame options: %s" % [k.fields[2].options])
	var overlay: Dictionary = by_kind.get("character-overlay/v2", {"fields": []})
	var rows: Array = overlay.fields.filter(func(f: Dictionary) -> bool: return f.name == "rows")
	check(rows.size() == 1 and rows[0].type == "multiline" and rows[0].required, "overlay rows: a required multiline field")
	var down := new_client(env.SPRITEKILN_DOWN_URL)
	var none := await down.job_kinds()
	check(none.is_empty() and down.last_error == "Cannot reach %s: is `npm start` running?" % env.SPRITEKILN_DOWN_URL, "server down: " + down.last_error)
	var id := await down.create_job("zenith", {"mode": "image_to_video"}, {"images": "res://tests/fixtures/hero.png"})
	check(id == "" and down.last_error.begins_with("Cannot reach"), "create_job by kind on a server that is down: " + down.last_error)


func test_zenith_job_to_sprite_frames() -> void:
	section("zenith: create (multipart) -> wait -> download -> SpriteFrames")
	var client := new_client()
	var created := []
	client.job_created.connect(func(id: String) -> void: created.append(id))
	var job_id := await client.create_job("zenith", {"mode": "image_to_video", "text": "jump", "frame": 36}, {"images": ["res://tests/fixtures/hero.png"]})
	if not check(job_id.length() == 36 and created == [job_id], "create_job returns the job id (%s) %s" % [job_id, client.last_error]):
		return
	var job := await client.wait_job(job_id)
	if not check(job.get("status") == "Succeed", "wait_job ends Succeed: %s %s" % [JSON.stringify(job), client.last_error]):
		return
	check(str(job.get("metadata_url", "")).ends_with("/sheet.json"), "metadata_url points at sheet.json")
	var dir := "res://spritekiln/" + job_id
	var files := await client.download(job, dir)
	for name in ["sheet.png", "anim.gif", "sheet.json", "sprite_frames.tres"]:
		check(files.has(dir.path_join(name)) and FileAccess.file_exists(dir.path_join(name)), "downloaded %s into %s" % [name, dir])
	_check_sprite_frames(dir, 36, "zenith")


func test_make_sprite_from_texture() -> void:
	section("make-sprite: a Texture2D as input; the sheet is fetched though image_urls has the GIF and frames")
	var texture := ImageTexture.create_from_image(Image.load_from_file(ProjectSettings.globalize_path("res://tests/fixtures/knight.png")))
	var job := await new_client().run_job("make-sprite/v2", {"text": "attack", "frame": 49, "is_pixel": true}, {"start_frame_image": texture})
	if not check(job.get("status") == "Succeed", "run_job ends Succeed"):
		return
	check(job.files.has(job.dir.path_join("frame_048.png")), "every frame PNG of image_urls downloaded")
	check(job.files.has(job.dir.path_join("sheet.png")), "sheet.png (sheet.json meta.image) downloaded too")
	_check_sprite_frames(job.dir, 49, "make-sprite")


func test_kind_only_the_document_names() -> void:
	section("make-sprite/v1, a kind only the server's /openapi.json names: create -> wait -> download -> SpriteFrames")
	var job := await new_client().run_job("make-sprite/v1", {"text": "attack", "frame": 25, "is_pixel": true}, {"image": "res://tests/fixtures/knight.png"})
	if not check(job.get("status") == "Succeed", "run_job ends Succeed"):
		return
	check(job.files.has(job.dir.path_join("frame_024.png")) and not job.files.has(job.dir.path_join("frame_025.png")), "25 frame PNGs downloaded")
	_check_sprite_frames(job.dir, 25, "make-sprite/v1")


func test_effect_without_files() -> void:
	section("effect/v2: fields only")
	var job := await new_client().run_job("effect/v2", {"description": "fire burst", "frame": 4, "background_color": "magenta"})
	if check(job.get("status") == "Succeed", "run_job ends Succeed"):
		# One-shot effects (a burst) play once; sustained ones loop: sheet.json's plan says which.
		var plan: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(job.dir + "/sheet.json")).meta.plan
		_check_sprite_frames(job.dir, 4, "effect/v2", "", not bool(plan.oneShot))


func test_errors_carry_the_detail() -> void:
	section("errors carry the status and the spec's detail")
	var client := new_client()
	var failures := []
	client.failed.connect(func(message: String) -> void: failures.append(message))
	var id := await client.create_job("zenith", {"mode": "image_to_video", "text": "jump", "frame": 50}, {"images": "res://tests/fixtures/hero.png"})
	check(id == "" and client.last_status == 400 and client.last_error == "400: frame should be one of 36, 100", "a 400 carries the detail: " + client.last_error)
	check(failures == [client.last_error], "failed is emitted with the message")
	id = await client.create_job("zenith", {"text": "jump"}, {})
	check(id == "" and client.last_status == 422 and client.last_error.contains("mode: Field required"), "a 422 lists the fields: " + client.last_error)
	id = await client.create_job("nope", {}, {})
	check(id == "" and client.last_error.begins_with("Unknown job kind 'nope'"), client.last_error)
	id = await client.create_job("zenith", {"mode": "image_to_video"}, {"images": "res://missing.png"})
	check(id == "" and client.last_error == "images: no file at res://missing.png", client.last_error)
	var missing := await client.job("00000000-0000-4000-8000-000000000000")
	check(missing.is_empty() and client.last_status == 404 and client.last_error == "404: Job not found", client.last_error)


func test_cancel_stops_waiting() -> void:
	section("cancel: stops waiting on a job that stays Pending")
	var client := new_client(env.SPRITEKILN_QUEUED_URL, env.SPRITEKILN_QUEUED_KEY)
	client.poll_seconds = 1
	var seen := []
	# After the first Pending answer the next long poll lasts 10 s; cancel comes 1.5 s into it.
	client.progress.connect(func(_id: String, fraction: float) -> void:
		seen.append(fraction)
		if seen.size() == 1:
			client.poll_seconds = 10
			create_timer(1.5).timeout.connect(client.cancel))
	var job_id := await client.create_job("effect/v2", {"description": "smoke", "frame": 4, "background_color": "white"})
	if not check(job_id != "", "a job on the queued server"):
		return
	var started := Time.get_ticks_msec()
	var job := await client.wait_job(job_id)
	var waited := Time.get_ticks_msec() - started
	check(job.is_empty() and client.last_error == "Cancelled", "wait_job returns {} with last_error Cancelled")
	check(waited < 6000, "cancel interrupts the 10 s long poll at once (%d ms)" % waited)
	check(seen == [0.0], "a progress signal while Pending: %s" % [seen])


func test_builder_cases_load() -> void:
	section("sprite_frames.tres (server or builder) loads in Godot")
	var dirs := DirAccess.get_directories_at("res://builder_cases")
	check(dirs.size() >= 2, "builder cases present: %s" % [dirs])
	for name in dirs:
		var dir := "res://builder_cases/" + name
		var expect: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(dir.path_join("expect.json")))
		_check_sprite_frames(dir, int(expect.frames), name, str(expect.animation), bool(expect.loop))


func test_builders_agree() -> void:
	section("the plugin's builder writes what the server's builder writes")
	for name: String in ["server_job", "overlay_job"]:
		var dir := "res://builder_cases/" + name
		var sheet: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(dir.path_join("sheet.json")))
		var built := SpriteFramesText.from_sheet_json(sheet)
		var ts := FileAccess.get_file_as_string(dir.path_join("ts_sprite_frames.tres"))
		check(built.error == "" and built.text == ts, "%s: same text, byte for byte" % name)


# --- helpers ---------------------------------------------------------------------------------------

## Loads dir/sprite_frames.tres. Outside the editor nothing imports sheet.png (the editor test covers
## the real import), so the sheet is decoded here and put in the resource cache under its res://
## path: the .tres's relative ext_resource then resolves to it, as it would to the imported texture.
func _load_sprite_frames(dir: String) -> SpriteFrames:
	var png := dir.path_join("sheet.png")
	var texture := ImageTexture.create_from_image(Image.load_from_file(ProjectSettings.globalize_path(png)))
	texture.take_over_path(png)
	_keep.append(texture)
	return ResourceLoader.load(dir.path_join("sprite_frames.tres"), "SpriteFrames", ResourceLoader.CACHE_MODE_REPLACE) as SpriteFrames


## N frames in sheet.json and an animation per frame tag (one when it has none): each frame an
## AtlasTexture over the sheet at the sheet.json rect, lasting its sheet.json ms. `animation`, when
## given, is the first tag's name.
func _check_sprite_frames(dir: String, n: int, what: String, animation := "", loop := true) -> void:
	var frames := _load_sprite_frames(dir)
	if not check(frames != null, "%s: sprite_frames.tres loads as a SpriteFrames" % what):
		return
	var sheet: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(dir.path_join("sheet.json")))
	check(sheet.frames.size() == n, "%s: %d frames in sheet.json" % [what, sheet.frames.size()])
	var names := frames.get_animation_names()
	var tags: Array = sheet.meta.get("frameTags", [])
	if tags.size() <= 1:
		tags = [{"name": names[0] if names.size() == 1 else "", "from": 0, "to": n - 1}]
	check(names.size() == tags.size(), "%s: %d animation(s) (%s)" % [what, tags.size(), names])
	if animation != "":
		check(str(tags[0].name) == animation and frames.has_animation(animation), "%s: animation named %s" % [what, animation])
	var regions_ok := true
	var times_ok := true
	var atlas_ok := true
	var first: Texture2D = null
	for tag in tags:
		var anim := StringName(str(tag.name))
		if not check(frames.has_animation(anim), "%s: animation %s" % [what, anim]):
			continue
		var count := int(tag.to) - int(tag.from) + 1
		check(frames.get_frame_count(anim) == count, "%s: %s has %d frames" % [what, anim, frames.get_frame_count(anim)])
		check(frames.get_animation_loop(anim) == loop, "%s: %s loop %s" % [what, anim, loop])
		var speed := frames.get_animation_speed(anim)
		for i in mini(count, frames.get_frame_count(anim)):
			var key := str(int(tag.from) + i)
			var texture := frames.get_frame_texture(anim, i) as AtlasTexture
			var rect: Dictionary = sheet.frames[key].frame
			if texture == null or texture.region != Rect2(rect.x, rect.y, rect.w, rect.h):
				regions_ok = false
				continue
			if first == null:
				first = texture.atlas
			atlas_ok = atlas_ok and texture.atlas == first and texture.atlas.resource_path == dir.path_join("sheet.png")
			# Exact: duration and speed are whole numbers and 1000 * duration / speed is the ms.
			if frames.get_frame_duration(anim, i) * 1000.0 / speed != float(sheet.frames[key].duration):
				times_ok = false
	check(regions_ok, "%s: every region is the sheet.json frame rect" % what)
	check(atlas_ok, "%s: every frame is an AtlasTexture over %s" % [what, dir.path_join("sheet.png")])
	check(times_ok, "%s: every frame lasts its sheet.json duration" % what)
