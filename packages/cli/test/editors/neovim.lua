-- A real editor as the client: Neovim's built-in LSP client (0.7 and later) starts `jadpo lsp`
-- on the example, sees a diagnostic appear after an edit and clear after the fix, and jumps to
-- a definition. Each step writes one line to $JADPO_OUT; neovim.test.ts reads them.
local root = os.getenv("JADPO_ROOT")
local out = io.open(os.getenv("JADPO_OUT"), "w")
local function say(line)
  out:write(line .. "\n")
  out:flush()
end
local function finish(code)
  out:close()
  vim.cmd(code == 0 and "qall!" or "cquit! " .. code)
end

local published = 0
local default = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  published = published + 1
  return default(err, result, ctx, config)
end

vim.cmd("edit " .. root .. "/domains/support/actions/answer_customer.jadpo")
local buf = vim.api.nvim_get_current_buf()
local id = vim.lsp.start_client({
  name = "jadpo",
  cmd = { os.getenv("JADPO_NODE"), os.getenv("JADPO_BIN"), "lsp" },
  root_dir = root,
  flags = { debounce_text_changes = 0 },
})
vim.lsp.buf_attach_client(buf, id)

local function wait(what, check)
  if not vim.wait(20000, check, 20) then
    say("timed out: " .. what)
    finish(3)
  end
end

local function diagnostics()
  local lines = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(lines, string.format("%d:%d %s %s", d.lnum + 1, d.col + 1, d.code or "", vim.split(d.message, "\n")[1]))
  end
  table.sort(lines)
  return lines
end

wait("the first diagnostics", function() return published > 0 end)
say("opened: " .. #vim.diagnostic.get(buf) .. " diagnostics")

-- Line 2 imports the failures; drop one of them.
local line2 = vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]
vim.api.nvim_buf_set_lines(buf, 1, 2, false, { "use support/failures { AssistantUnavailable }" })
wait("a diagnostic after the edit", function() return #vim.diagnostic.get(buf) > 0 end)
for _, line in ipairs(diagnostics()) do say("after the edit: " .. line) end

vim.api.nvim_buf_set_lines(buf, 1, 2, false, { line2 })
wait("the diagnostics to clear after the fix", function() return #vim.diagnostic.get(buf) == 0 end)
say("after the fix: " .. #vim.diagnostic.get(buf) .. " diagnostics")

-- Line 7 is `    -> SupportAnswer`: jump to where the type is declared.
vim.api.nvim_win_set_cursor(0, { 7, 9 })
vim.lsp.buf.definition()
wait("the jump to the definition", function() return vim.api.nvim_buf_get_name(0):match("types%.jadpo$") ~= nil end)
local cursor = vim.api.nvim_win_get_cursor(0)
say(string.format("definition: %s:%d:%d", vim.fn.fnamemodify(vim.api.nvim_buf_get_name(0), ":t"), cursor[1], cursor[2] + 1))
say("word: " .. vim.fn.expand("<cword>"))

vim.lsp.stop_client(id)
finish(0)
